import assert from "node:assert/strict";
import {
  parseNearbyInput,
  parsePlaceInput,
  type PlaceQuery,
  resolvePlace,
} from "../../src/sensors/place.ts";
import { HttpError } from "../../src/http/errors.ts";
import { lookupCity, normalizeName } from "../../src/sensors/gazetteer.ts";

function fieldOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof HttpError);
    assert.equal(e.status, 400);
    assert.equal(e.code, "invalid_input");
    return e.field;
  }
  assert.fail("expected a 400");
}

Deno.test("parsePlaceInput() refuses city together with coordinates, naming city", () => {
  assert.equal(
    fieldOf(() => parsePlaceInput({ city: "Berlin", latitude: 52.5, longitude: 13.4 })),
    "city",
  );
  assert.equal(fieldOf(() => parsePlaceInput({ city: "Berlin", longitude: 13.4 })), "city");
});

Deno.test("parsePlaceInput() names the missing or bad coordinate", () => {
  assert.equal(fieldOf(() => parsePlaceInput({})), "latitude");
  assert.equal(fieldOf(() => parsePlaceInput({ latitude: 10 })), "longitude");
  assert.equal(fieldOf(() => parsePlaceInput({ longitude: 10 })), "latitude");
  assert.equal(fieldOf(() => parsePlaceInput({ latitude: 90.01, longitude: 0 })), "latitude");
  assert.equal(fieldOf(() => parsePlaceInput({ latitude: 0, longitude: -180.5 })), "longitude");
  assert.equal(fieldOf(() => parsePlaceInput({ latitude: "52.5", longitude: 13 })), "latitude");
  assert.equal(fieldOf(() => parsePlaceInput({ latitude: 52, longitude: NaN })), "longitude");
  assert.equal(fieldOf(() => parsePlaceInput([1, 2])), "latitude");
  assert.equal(fieldOf(() => parsePlaceInput({ city: "" })), "city");
  assert.equal(fieldOf(() => parsePlaceInput({ city: "x".repeat(101) })), "city");
  assert.deepEqual(parsePlaceInput({ latitude: -90, longitude: 180 }), {
    latitude: -90,
    longitude: 180,
  });
});

Deno.test("parseNearbyInput() checks layers and max_km, defaults and dedupes", () => {
  assert.equal(
    fieldOf(() => parseNearbyInput({ latitude: 1, longitude: 1, layers: ["wind"] })),
    "layers",
  );
  assert.equal(
    fieldOf(() => parseNearbyInput({ latitude: 1, longitude: 1, layers: "weather" })),
    "layers",
  );
  assert.equal(
    fieldOf(() => parseNearbyInput({ latitude: 1, longitude: 1, layers: [] })),
    "layers",
  );
  assert.equal(fieldOf(() => parseNearbyInput({ latitude: 1, longitude: 1, max_km: 0 })), "max_km");
  assert.equal(
    fieldOf(() => parseNearbyInput({ latitude: 1, longitude: 1, max_km: 500.1 })),
    "max_km",
  );
  assert.equal(
    fieldOf(() => parseNearbyInput({ latitude: 1, longitude: 1, max_km: "75" })),
    "max_km",
  );
  const q = parseNearbyInput({
    latitude: 1,
    longitude: 2,
    layers: ["air", "quake", "air"],
    max_km: 500,
  });
  assert.deepEqual([q.layers, q.max_km], [["air", "quake"], 500]);
  assert.deepEqual(parseNearbyInput({ latitude: 1, longitude: 2 }).layers, ["weather"]);
  assert.equal(parseNearbyInput({ latitude: 1, longitude: 2 }).max_km, 75);
});

Deno.test("resolvePlace() refuses an unknown city with a 400 naming city", async () => {
  await assert.rejects(
    () => resolvePlace({ city: "Qwxzyville" }),
    (e) => e instanceof HttpError && e.status === 400 && e.field === "city",
  );
  await assert.rejects(
    () => resolvePlace({ city: "Paris, ZZ" }),
    (e) => e instanceof HttpError && e.field === "city",
  );
});

Deno.test("the gazetteer ignores case and accents and picks the most populous match", async () => {
  assert.equal(normalizeName("  SÃO-Paulo "), "sao paulo");
  const sp = await lookupCity("sao paulo");
  assert.deepEqual([sp?.name, sp?.country], ["São Paulo", "BR"]);
  const paris = await lookupCity("PARIS");
  assert.equal(paris?.country, "FR", "Paris, France outnumbers Paris, Texas");
  const texas = await lookupCity("Paris, us");
  assert.equal(texas?.country, "US");
  assert.ok((texas?.population ?? 0) > 20_000, "the most populous Paris in the US");
});

Deno.test("the gazetteer knows English exonyms (Cologne, Munich, Kiev, Bangalore, Geneva)", async () => {
  const cases: [string, string, string][] = [
    ["Cologne", "Köln", "DE"],
    ["munich", "Munich", "DE"],
    ["München", "Munich", "DE"],
    ["Kiev", "Kyiv", "UA"],
    ["Bangalore", "Bengaluru", "IN"],
    ["Geneva", "Genève", "CH"],
    ["Peking", "Beijing", "CN"],
  ];
  for (const [q, name, cc] of cases) {
    const c = await lookupCity(q);
    assert.deepEqual([c?.name, c?.country], [name, cc], q);
  }
  const cologneDe = await resolvePlace({ city: "Cologne, DE" } as PlaceQuery);
  assert.ok(
    Math.abs(cologneDe.latitude! - 50.94) < 0.05 && Math.abs(cologneDe.longitude! - 6.95) < 0.05,
  );
  assert.deepEqual([cologneDe.name, cologneDe.country], ["Köln", "DE"]);
});

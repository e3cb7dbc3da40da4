import assert from "node:assert/strict";
import { bboxesAround, EARTH_RADIUS_KM, haversineKm, inBoxes } from "../../src/sensors/geo.ts";

Deno.test("haversineKm() uses R = 6371.0088 km: a quarter meridian is R·π/2", () => {
  assert.ok(Math.abs(haversineKm(0, 0, 90, 0) - EARTH_RADIUS_KM * Math.PI / 2) < 1e-9);
  assert.equal(Math.round(haversineKm(52.52, 13.405, 48.137, 11.575)), 504);
});

Deno.test("bboxesAround() splits at the antimeridian so a station across ±180° is in a box", () => {
  const boxes = bboxesAround(0, 179.9, 75);
  assert.equal(boxes.length, 2);
  assert.ok(inBoxes(0, -179.8, boxes), "just across the antimeridian");
  assert.ok(inBoxes(0, 179.5, boxes));
  assert.ok(!inBoxes(0, 178, boxes));
  const west = bboxesAround(10, -179.95, 30);
  assert.equal(west.length, 2);
  assert.ok(inBoxes(10, 179.9, west));
});

Deno.test("bboxesAround() clamps at a pole and then spans every longitude", () => {
  const [box, extra] = bboxesAround(89.9, 0, 75);
  assert.equal(extra, undefined);
  assert.deepEqual([box!.maxLat, box!.minLon, box!.maxLon], [90, -180, 180]);
  assert.ok(inBoxes(89.8, 179, [box!]), "a station on the far side of the pole");
  const [south] = bboxesAround(-90, 0, 10);
  assert.equal(south!.minLat, -90);
});

/**
 * A local fake of the eSIM Go API v2.4, speaking its wire format: `X-API-Key` checked (403
 * `{message}` when wrong), paged `GET /catalogue` and `GET /catalogue/bundle/{name}` (prices in
 * USD, data in MB), `POST /orders` (`type: "transaction"`, `assign: true`), `GET
 * /esims/assignments?reference=` (SM-DP+ address and matching id; empty until ready), `GET
 * /orders/{ref}`, `DELETE /esims/{iccid}/bundles/{name}?refundToBalance=true` (unused only),
 * `GET /organisation`; errors as `{message}` with 400 / 404.
 */
import {
  type FailMode,
  Failures,
  type FakeControls,
  json,
  serve,
  unitsUsd,
  usdUnits,
} from "./_server.ts";

export const FAKE_API_KEY = "fake-esimgo-api-key-0123456789";

interface Bundle {
  name: string;
  description: string;
  countries: { name: string; region: string; iso: string }[];
  dataAmount: number;
  duration: number;
  speed: string[] | null;
  unlimited: boolean;
  /** Cost in 1/100 USD. */
  cents: bigint;
}

interface Order {
  ref: string;
  bundle: string;
  cents: bigint;
  iccid: string;
  matchingId: string;
  pollsLeft: number;
  state: "released" | "installed" | "cancelled";
}

function catalogue(): Bundle[] {
  const gb = { name: "United Kingdom", region: "Europe", iso: "GB" };
  return [
    {
      name: "esim_1GB_7D_GB_V2",
      description: "eSIM, 1GB, 7 Days, United Kingdom, V2",
      countries: [gb],
      dataAmount: 1000,
      duration: 7,
      speed: ["4G", "5G"],
      unlimited: false,
      cents: usdUnits("1.43", 2),
    },
    {
      name: "esim_3GB_30D_REUP_V2",
      description: "eSIM, 3GB, 30 Days, Europe+, V2",
      countries: [gb, { name: "Germany", region: "Europe", iso: "DE" }, {
        name: "France",
        region: "Europe",
        iso: "FR",
      }],
      dataAmount: 3000,
      duration: 30,
      speed: ["4G"],
      unlimited: false,
      cents: usdUnits("6.2", 2),
    },
    {
      name: "esim_1GB_7D_RGBS_V2",
      description: "eSIM, 1GB, 7 Days, Global, V2",
      countries: [gb, { name: "Japan", region: "Asia", iso: "JP" }],
      dataAmount: 1000,
      duration: 7,
      speed: null,
      unlimited: false,
      cents: usdUnits("12.5", 2),
    },
    {
      name: "esim_UL_1D_GB_V2",
      description: "eSIM, Unlimited Lite, 1 Day, United Kingdom, V2",
      countries: [gb],
      dataAmount: -1,
      duration: 1,
      speed: ["4G"],
      unlimited: true,
      cents: usdUnits("3", 2),
    },
  ];
}

export const ESIM_GO_EXPECTED_PLANS = [
  {
    id: "esim_1GB_7D_GB_V2",
    name: "eSIM, 1GB, 7 Days, United Kingdom, V2",
    countries: ["GB"],
    kind: "country",
    dataBytes: 1000 * 1024 * 1024,
    days: 7,
    speed: "4G/5G",
    costUsd: 1.43,
  },
  {
    id: "esim_3GB_30D_REUP_V2",
    name: "eSIM, 3GB, 30 Days, Europe+, V2",
    countries: ["GB", "DE", "FR"],
    kind: "region",
    dataBytes: 3000 * 1024 * 1024,
    days: 30,
    speed: "4G",
    costUsd: 6.2,
  },
  {
    id: "esim_1GB_7D_RGBS_V2",
    name: "eSIM, 1GB, 7 Days, Global, V2",
    countries: ["GB", "JP"],
    kind: "global",
    dataBytes: 1000 * 1024 * 1024,
    days: 7,
    costUsd: 12.5,
  },
];

export function startEsimGoFake(): FakeControls {
  const bundles = new Map(catalogue().map((b) => [b.name, b]));
  let balanceCents = 10_000n;
  let profileDelay = 0;
  const orders = new Map<string, Order>();
  const failures = new Failures();
  const message = (text: string, status: number) => json({ message: text }, status);

  const bundleJson = (b: Bundle) => ({
    name: b.name,
    description: b.description,
    groups: ["Standard Fixed"],
    countries: b.countries,
    dataAmount: b.dataAmount,
    duration: b.duration,
    speed: b.speed,
    autostart: true,
    unlimited: b.unlimited,
    roamingEnabled: [],
    price: unitsUsd(b.cents, 2),
    billingType: "FixedCost",
  });

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    if (req.headers.get("x-api-key") !== FAKE_API_KEY) {
      return message("Unauthorised - the api token is invalid", 403);
    }
    const injected = await failures.take(
      '{"bundles":[{"name":"esim_1GB',
      { bundles: { name: "esim_1GB_7D_GB_V2" }, pageCount: 1 },
    );
    if (injected) return injected;
    const path = url.pathname;
    if (path === "/catalogue" && req.method === "GET") {
      const perPage = Number(url.searchParams.get("perPage") ?? "50");
      const size = Math.min(perPage, 2); // two per page, so the catalogue spans pages
      const page = Number(url.searchParams.get("page") ?? "1");
      const all = [...bundles.values()];
      return json({
        bundles: all.slice((page - 1) * size, page * size).map(bundleJson),
        pageCount: Math.ceil(all.length / size),
        rows: all.length,
        pageSize: size,
      });
    }
    const bundleMatch = /^\/catalogue\/bundle\/([^/]+)$/.exec(path);
    if (bundleMatch && req.method === "GET") {
      const b = bundles.get(decodeURIComponent(bundleMatch[1]!));
      if (!b) return message("Bundle not found", 404);
      return json(bundleJson(b));
    }
    if (path === "/orders" && req.method === "POST") {
      const body = await req.json() as Record<string, unknown>;
      const items = body.order as Record<string, unknown>[] | undefined;
      const item = items?.[0];
      if (body.type !== "transaction" || !item || item.type !== "bundle" || item.quantity !== 1) {
        return message("Invalid order request", 400);
      }
      const b = bundles.get(String(item.item));
      if (!b) return message(`Bundle ${String(item.item)} not found`, 400);
      if (balanceCents < b.cents) return message("Insufficient balance to complete order", 400);
      balanceCents -= b.cents;
      const n = orders.size + 1;
      const o: Order = {
        ref: `a1b2c3d4-0000-4000-8000-${String(n).padStart(12, "0")}`,
        bundle: b.name,
        cents: b.cents,
        iccid: `8944538532000${String(n).padStart(7, "0")}`,
        matchingId: `MATCH-C-${n}`,
        pollsLeft: profileDelay,
        state: "released",
      };
      orders.set(o.ref, o);
      return json({
        order: [{
          esims: [{
            iccid: o.iccid,
            matchingId: o.matchingId,
            smdpAddress: "rsp.fake-esimgo.test",
          }],
          type: "bundle",
          item: b.name,
          iccids: [o.iccid],
          quantity: 1,
          subTotal: unitsUsd(b.cents, 2),
          pricePerUnit: unitsUsd(b.cents, 2),
        }],
        total: unitsUsd(b.cents, 2),
        currency: "USD",
        status: "completed",
        statusMessage: "Order completed: 1 eSIMs assigned",
        orderReference: o.ref,
        createdDate: "2026-11-21T05:00:00Z",
        assigned: true,
      });
    }
    if (path === "/esims/assignments" && req.method === "GET") {
      const o = orders.get(url.searchParams.get("reference") ?? "");
      if (!o) return message("Order reference not found", 404);
      if (o.pollsLeft > 0) {
        o.pollsLeft--;
        return json([]);
      }
      return json([{
        iccid: o.iccid,
        matchingId: o.matchingId,
        smdpAddress: "rsp.fake-esimgo.test",
        profileStatus: o.state === "installed" ? "Installed" : "Released",
        bundle: o.bundle,
        reference: o.ref,
      }]);
    }
    const orderMatch = /^\/orders\/([^/]+)$/.exec(path);
    if (orderMatch && req.method === "GET") {
      const o = orders.get(decodeURIComponent(orderMatch[1]!));
      if (!o) return message("Order not found", 404);
      return json({
        order: [{
          esims: [{ iccid: o.iccid }],
          type: "bundle",
          item: o.bundle,
          quantity: 1,
          subTotal: unitsUsd(o.cents, 2),
          pricePerUnit: unitsUsd(o.cents, 2),
        }],
        total: unitsUsd(o.cents, 2),
        currency: "USD",
        status: "completed",
        orderReference: o.ref,
        assigned: true,
      });
    }
    const revokeMatch = /^\/esims\/(\d+)\/bundles\/([^/]+)$/.exec(path);
    if (revokeMatch && req.method === "DELETE") {
      const o = [...orders.values()].find((x) => x.iccid === revokeMatch[1]);
      if (!o || o.bundle !== decodeURIComponent(revokeMatch[2]!)) {
        return message("Bundle not found on eSIM", 404);
      }
      if (o.state !== "released") return message("Bundle cannot be revoked: it has been used", 400);
      o.state = "cancelled";
      if (url.searchParams.get("refundToBalance") === "true") balanceCents += o.cents;
      return new Response(null, { status: 200 });
    }
    if (path === "/organisation" && req.method === "GET") {
      return json({
        organisations: [{
          name: "Fake Org",
          currency: "USD",
          balance: unitsUsd(balanceCents, 2),
          groups: ["Standard Fixed"],
        }],
      });
    }
    return message("Not Found", 404);
  }

  const running = serve(handle);
  const find = (profileId: string) => {
    const iccid = profileId.split(":")[1];
    return [...orders.values()].find((o) => o.iccid === iccid);
  };
  return {
    url: running.url,
    setCostUsd(planId, usd) {
      const b = bundles.get(planId);
      if (!b) throw new RangeError(`No bundle '${planId}'`);
      b.cents = usdUnits(usd, 2);
    },
    setBalanceUsd(usd) {
      balanceCents = usdUnits(usd, 2);
    },
    failNext(mode: FailMode, count = 1) {
      failures.push(mode, count);
    },
    setProfileDelay(polls) {
      profileDelay = polls;
    },
    orderCount: () => orders.size,
    profileState: (profileId) => find(profileId)?.state,
    install(profileId) {
      const o = find(profileId);
      if (!o) throw new RangeError(`No eSIM '${profileId}'`);
      o.state = "installed";
    },
    release: () => failures.release(),
    close: async () => {
      failures.release();
      await running.close();
    },
  };
}

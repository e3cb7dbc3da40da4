/**
 * A local fake of the Airalo Partner API v2, speaking its wire format: `POST /v2/token`
 * (multipart form, client credentials) issuing bearer tokens that can be revoked; `{data,
 * meta}` envelopes; paged `GET /v2/packages` (countries → operators → packages, `net_price`
 * the partner cost, `amount` in MB); `POST /v2/orders` (JSON), `GET /v2/orders` with
 * `filter[description]` (LIKE search), `GET /v2/orders/{id}?include=sims`, `GET
 * /v2/sims/{iccid}?include=order`, `POST /v2/refund` (JSON as text/plain, 202), `GET
 * /v2/balance`; 401 for a missing or revoked token, 422 for invalid input or credit.
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

export const FAKE_CLIENT_ID = "fake-airalo-client-id";
export const FAKE_CLIENT_SECRET = "fake-airalo-client-secret-0123";

interface Order {
  id: number;
  code: string;
  packageId: string;
  description: string;
  priceCents: bigint;
  pollsLeft: number;
  sim: {
    iccid: string;
    matchingId: string;
    state: "released" | "installed" | "cancelled";
  };
}

interface Pkg {
  id: string;
  type: string;
  title: string;
  amount: number;
  day: number;
  is_unlimited: boolean;
  data: string;
  /** Partner cost in 1/100 USD. */
  net: bigint;
  retail: number;
}

function entries() {
  const pkg = (
    id: string,
    title: string,
    amount: number,
    day: number,
    net: string,
    retail: number,
    unlimited = false,
  ): Pkg => ({
    id,
    type: "sim",
    title,
    amount,
    day,
    is_unlimited: unlimited,
    data: unlimited ? "Unlimited" : `${amount / 1024} GB`,
    net: usdUnits(net, 2),
    retail,
  });
  return [
    {
      slug: "turkey",
      country_code: "TR",
      title: "Turkey",
      operators: [{
        id: 1,
        title: "Merhaba",
        type: "local",
        countries: [{ country_code: "TR", title: "Turkey" }],
        coverages: [{ name: "TR", networks: [{ name: "Turkcell", types: ["4G", "5G"] }] }],
        rechargeability: true,
        install_window_days: 30,
        apn_type: "automatic",
        apn_value: null,
        packages: [
          pkg("merhaba-7days-1gb", "1 GB - 7 Days", 1024, 7, "4.5", 5),
          pkg("merhaba-30days-unlimited", "Unlimited - 30 Days", 0, 30, "40", 49, true),
        ],
      }],
    },
    {
      slug: "europe",
      country_code: "",
      title: "Europe",
      operators: [{
        id: 2,
        title: "Eurolink",
        type: "global",
        countries: [
          { country_code: "DE", title: "Germany" },
          { country_code: "fr", title: "France" },
        ],
        coverages: [
          { name: "DE", networks: [{ name: "Telekom", types: ["4G"] }] },
          { name: "FR", networks: [{ name: "Orange", types: ["4G"] }] },
        ],
        rechargeability: false,
        install_window_days: 180,
        packages: [pkg("eurolink-30days-3gb", "3 GB - 30 Days", 3072, 30, "11.05", 13)],
      }],
    },
    {
      slug: "world",
      country_code: "",
      title: "Discover Global",
      operators: [{
        id: 3,
        title: "Discover+",
        type: "global",
        countries: [
          { country_code: "US", title: "United States" },
          { country_code: "JP", title: "Japan" },
        ],
        coverages: [],
        packages: [pkg("discover-7days-1gb", "1 GB - 7 Days", 1024, 7, "9.99", 12)],
      }],
    },
  ];
}

export const AIRALO_EXPECTED_PLANS = [
  {
    id: "merhaba-7days-1gb",
    name: "1 GB - 7 Days",
    countries: ["TR"],
    kind: "country",
    dataBytes: 1024 * 1024 * 1024,
    days: 7,
    speed: "4G/5G",
    networks: ["Turkcell"],
    topUp: true,
    unusedValidDays: 30,
    costUsd: 4.5,
  },
  {
    id: "eurolink-30days-3gb",
    name: "3 GB - 30 Days",
    countries: ["DE", "FR"],
    kind: "region",
    dataBytes: 3 * 1024 * 1024 * 1024,
    days: 30,
    speed: "4G",
    networks: ["Telekom", "Orange"],
    topUp: false,
    unusedValidDays: 180,
    costUsd: 11.05,
  },
  {
    id: "discover-7days-1gb",
    name: "1 GB - 7 Days",
    countries: ["US", "JP"],
    kind: "global",
    dataBytes: 1024 * 1024 * 1024,
    days: 7,
    costUsd: 9.99,
  },
];

export interface AiraloFake extends FakeControls {
  /** Tokens issued so far. */
  tokenCount(): number;
  /** Invalidates every issued token (the next call gets a 401). */
  revokeTokens(): void;
  /** Packages per page (default 2, so the catalogue spans two pages). */
  pageSize: number;
  /** When true, every bearer token is refused (even fresh ones). */
  refuseAllTokens: boolean;
}

export function startAiraloFake(): AiraloFake {
  const data = entries();
  const pkgs = new Map<string, Pkg>();
  for (const e of data) {
    for (const op of e.operators) for (const p of op.packages) pkgs.set(p.id, p);
  }
  let balanceCents = 10_000n; // 100 USD
  let profileDelay = 0;
  let tokens = new Set<string>();
  let issued = 0;
  const orders = new Map<number, Order>();
  const failures = new Failures();
  const fake = { pageSize: 2, refuseAllTokens: false };

  const unauthenticated = () => json({ data: [], meta: { message: "Unauthenticated." } }, 401);
  const invalid = (fields: Record<string, string>, status = 422) =>
    json({ data: fields, meta: { message: "the parameter is invalid" } }, status);

  function simJson(o: Order) {
    return {
      id: o.id * 10,
      created_at: "2026-11-21 05:00:00",
      iccid: o.sim.iccid,
      lpa: "lpa.fake-airalo.test",
      imsis: null,
      matching_id: o.sim.matchingId,
      qrcode: `LPA:1$lpa.fake-airalo.test$${o.sim.matchingId}`,
      qrcode_url: `https://sandbox.airalo.test/qr/${o.sim.iccid}.png`,
      direct_apple_installation_url:
        `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA:1$lpa.fake-airalo.test$${o.sim.matchingId}`,
      airalo_code: null,
      apn_type: "automatic",
      apn_value: null,
      is_roaming: true,
      confirmation_code: null,
    };
  }

  function orderJson(o: Order, withSims: boolean) {
    const p = pkgs.get(o.packageId)!;
    return {
      id: o.id,
      code: o.code,
      currency: "USD",
      package_id: o.packageId,
      quantity: 1,
      type: "sim",
      description: o.description,
      esim_type: "Prepaid",
      validity: p.day,
      package: p.title,
      data: p.data,
      price: unitsUsd(o.priceCents, 2),
      created_at: "2026-11-21 05:00:00",
      ...(withSims ? { sims: o.pollsLeft > 0 ? [] : [simJson(o)] } : {}),
    };
  }

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    if (url.pathname === "/v2/token" && req.method === "POST") {
      const type = req.headers.get("content-type") ?? "";
      if (!type.startsWith("multipart/form-data")) {
        return invalid({ client_id: "The client id field is required." });
      }
      const form = await req.formData();
      if (form.get("grant_type") !== "client_credentials") {
        return invalid({ grant_type: "The grant type must be client_credentials." });
      }
      if (
        form.get("client_id") !== FAKE_CLIENT_ID || form.get("client_secret") !== FAKE_CLIENT_SECRET
      ) {
        return json({ data: [], meta: { message: "Client authentication failed" } }, 401);
      }
      issued++;
      const token = `fake-token-${issued}-${crypto.randomUUID()}`;
      tokens.add(token);
      return json({
        data: { token_type: "Bearer", expires_in: 31_622_400, access_token: token },
        meta: { message: "success" },
      });
    }
    const auth = req.headers.get("authorization") ?? "";
    const m = /^Bearer (\S+)$/.exec(auth);
    if (!m || !tokens.has(m[1]!) || fake.refuseAllTokens) return unauthenticated();
    const injected = await failures.take(
      '{"data":[{"slug":"turkey","operators":[{"packages":',
      { data: "none", meta: { message: "success" } },
    );
    if (injected) return injected;

    const path = url.pathname;
    if (path === "/v2/packages" && req.method === "GET") {
      const all = data;
      const limit = Number(url.searchParams.get("limit") ?? fake.pageSize);
      const size = Math.min(limit, fake.pageSize);
      const page = Number(url.searchParams.get("page") ?? "1");
      const last = Math.max(1, Math.ceil(all.length / size));
      const slice = all.slice((page - 1) * size, page * size).map((e) => ({
        ...e,
        operators: e.operators.map((op) => ({
          ...op,
          packages: op.packages.map((p) => ({
            id: p.id,
            type: p.type,
            price: p.retail,
            amount: p.amount,
            day: p.day,
            is_unlimited: p.is_unlimited,
            title: p.title,
            short_info: null,
            data: p.data,
            voice: null,
            text: null,
            net_price: unitsUsd(p.net, 2),
            prices: { net_price: { USD: unitsUsd(p.net, 2) } },
          })),
        })),
      }));
      return json({
        data: slice,
        links: { next: page < last ? `${url.origin}/v2/packages?page=${page + 1}` : null },
        meta: { message: "success", current_page: page, last_page: last, per_page: size },
      });
    }
    if (path === "/v2/orders" && req.method === "POST") {
      if (!(req.headers.get("content-type") ?? "").startsWith("application/json")) {
        return invalid({ package_id: "The package id field is required." });
      }
      const body = await req.json() as Record<string, unknown>;
      const p = pkgs.get(String(body.package_id ?? ""));
      if (!p) return invalid({ package_id: "The selected package is invalid." });
      if (body.quantity !== 1 || body.type !== "sim") {
        return invalid({ quantity: "The quantity must be between 1 and 50." });
      }
      if (balanceCents < p.net) {
        return json({
          data: { message: "Insufficient Airalo Credit to complete the order." },
          meta: { message: "the parameter is invalid" },
        }, 422);
      }
      balanceCents -= p.net;
      const id = 9000 + orders.size + 1;
      const o: Order = {
        id,
        code: `20261121-${String(id).padStart(6, "0")}`,
        packageId: p.id,
        description: String(body.description ?? ""),
        priceCents: p.net,
        pollsLeft: profileDelay,
        sim: {
          iccid: `8944465400000${String(id).padStart(7, "0")}`,
          matchingId: `MATCH-B-${id}`,
          state: "released",
        },
      };
      orders.set(id, o);
      return json({ data: orderJson(o, true), meta: { message: "success" } });
    }
    if (path === "/v2/orders" && req.method === "GET") {
      const like = url.searchParams.get("filter[description]");
      const list = [...orders.values()].filter((o) =>
        like === null || o.description.includes(like)
      );
      return json({
        data: list.map((o) => orderJson(o, false)),
        meta: { message: "success", current_page: 1, last_page: 1 },
      });
    }
    const orderMatch = /^\/v2\/orders\/(\d+)$/.exec(path);
    if (orderMatch && req.method === "GET") {
      const o = orders.get(Number(orderMatch[1]));
      if (!o) return json({ data: [], meta: { message: "Not found" } }, 404);
      const withSims = (url.searchParams.get("include") ?? "").split(",").includes("sims");
      const body = orderJson(o, withSims);
      if (withSims && o.pollsLeft > 0) o.pollsLeft--;
      return json({ data: body, meta: { message: "success" } });
    }
    const simMatch = /^\/v2\/sims\/(\d+)$/.exec(path);
    if (simMatch && req.method === "GET") {
      const o = [...orders.values()].find((x) => x.sim.iccid === simMatch[1] && x.pollsLeft === 0);
      if (!o) return json({ data: [], meta: { message: "Not found" } }, 404);
      return json({
        data: { ...simJson(o), simable: orderJson(o, false) },
        meta: { message: "success" },
      });
    }
    if (path === "/v2/refund" && req.method === "POST") {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await req.text());
      } catch {
        return invalid({ iccids: "The iccids field is required." });
      }
      const iccids = body.iccids;
      if (!Array.isArray(iccids) || iccids.length < 1 || iccids.length > 5) {
        return invalid({ iccids: "The iccids must be an array of 1 to 5 ICCIDs." });
      }
      if (typeof body.reason !== "string" || (body.reason === "OTHERS" && !body.notes)) {
        return invalid({ reason: "The reason field is required." });
      }
      const found = iccids.map((i) => [...orders.values()].find((o) => o.sim.iccid === i));
      if (found.some((o) => !o || o.sim.state !== "released")) {
        return invalid({ iccids: "The selected eSIM is not eligible for a refund." });
      }
      for (const o of found) {
        o!.sim.state = "cancelled";
        balanceCents += o!.priceCents;
      }
      return json({
        data: { refund_id: `R-${issued}-${found.length}`, created_at: "2026-11-21 05:00" },
        meta: { message: "success" },
      }, 202);
    }
    if (path === "/v2/balance" && req.method === "GET") {
      return json({
        data: {
          balances: {
            available_balance: { amount: unitsUsd(balanceCents, 2), currency: "USD" },
          },
        },
        meta: { message: "success" },
      });
    }
    return json({ data: [], meta: { message: "Not found" } }, 404);
  }

  const running = serve(handle);
  const controls: AiraloFake = {
    url: running.url,
    get pageSize() {
      return fake.pageSize;
    },
    set pageSize(n: number) {
      fake.pageSize = n;
    },
    get refuseAllTokens() {
      return fake.refuseAllTokens;
    },
    set refuseAllTokens(v: boolean) {
      fake.refuseAllTokens = v;
    },
    tokenCount: () => issued,
    revokeTokens() {
      tokens = new Set();
    },
    setCostUsd(planId, usd) {
      const p = pkgs.get(planId);
      if (!p) throw new RangeError(`No package '${planId}'`);
      p.net = usdUnits(usd, 2);
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
    profileState(profileId) {
      return [...orders.values()].find((o) => o.sim.iccid === profileId)?.sim.state;
    },
    install(profileId) {
      const o = [...orders.values()].find((x) => x.sim.iccid === profileId);
      if (!o) throw new RangeError(`No sim '${profileId}'`);
      o.sim.state = "installed";
    },
    release: () => failures.release(),
    close: async () => {
      failures.release();
      await running.close();
    },
  };
  return controls;
}

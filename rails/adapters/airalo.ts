/**
 * `adapter_b`: the Airalo Partner API v2 (https://developers.partners.airalo.com, production
 * base `https://partners-api.airalo.com`, sandbox `https://sandbox-partners-api.airalo.com`)
 * behind the `Supplier` interface.
 *
 * Wire format relied on (from the provider's API reference and its official Node SDK):
 * - `POST /v2/token`, multipart form `client_id`, `client_secret`,
 *   `grant_type=client_credentials` → `{data: {token_type, expires_in, access_token}}`. The
 *   token is cached until `expires_in` (less a minute) and sent as `Authorization: Bearer`;
 *   a 401 on any call drops it, fetches a new one and repeats the call once.
 * - `GET /v2/packages?limit=&page=` → `{data: [{slug, country_code, title, operators: [{title,
 *   countries: [{country_code}], coverages: [{networks: [{name, types}]}], rechargeability,
 *   install_window_days, packages: [{id, type, title, amount (MB), day, is_unlimited,
 *   net_price, price}]}]}], meta: {last_page}}`, paged until `meta.last_page`. Flattened
 *   countries → operators → packages into plans; `net_price` (the partner's cost) is the
 *   plan's `costUsd`, `price` (the retail price) is ignored.
 * - `POST /v2/orders` JSON `{quantity: 1, package_id, type: "sim", description}` →
 *   `{data: {id, code, sims: [...]}}`. Airalo has no idempotency key; we put
 *   `esim-rails:<transactionId>` in `description` and, before ordering, look for it with
 *   `GET /v2/orders?filter[description]=` (a LIKE search; we require an exact match). So a
 *   re-order with the same `transactionId` finds the first order even after a restart. Two
 *   processes ordering the same id at the same instant could still both order (the window is
 *   the list call); within one process a single flight closes it.
 * - `GET /v2/orders/{id}?include=sims` → `data.sims[]` with `iccid`, `lpa` (SM-DP+ address),
 *   `matching_id`, `qrcode` (the LPA string), `qrcode_url`, `direct_apple_installation_url`,
 *   `apn_value`; `GET /v2/sims/{iccid}?include=order` → the same sim with `simable.id` (its
 *   order). The activation code is `LPA:1$<lpa>$<matching_id>`, else `qrcode` when it is an
 *   LPA string; a sim with neither is still being made and is not listed.
 * - Airalo has no cancel for unused eSIMs. `cancel` files `POST /v2/refund`
 *   `{iccids: [iccid], reason: "OTHERS", notes}` (JSON sent as `text/plain`, as documented),
 *   answered 202 `{data: {refund_id}}`. Airalo reviews each refund request and credits the
 *   account if it qualifies; `true` means "refund requested", not "credited". The refund API
 *   needs a contract amendment: a 403 becomes a non-retryable `cancel_unsupported`; a 422 (the
 *   sim does not qualify, e.g. installed) a non-retryable `conflict`.
 * - `GET /v2/balance` → `{data: {balances: {available_balance: {amount, currency}}}}`.
 * - Errors: 401 → token refresh then `unauthorized`; 422 → `insufficient_balance` when Airalo
 *   says the credit is too low, else `invalid_request`; 404 → `not_found`; 429 / 5xx retryable.
 *
 * Choices where the reference is unclear: plan ids are Airalo package ids (slugs such as
 * `merhaba-7days-1gb`), unprefixed; profile ids are ICCIDs; order refs are Airalo order ids;
 * `kind` is `country` for an entry with a `country_code`, `global` for the `world`/`global`
 * entries, else `region`; `speed` joins the coverage network types (`"4G/5G"`); unlimited
 * packages are left out (a Plan cannot say "unlimited", and 0 bytes would mislead a quote).
 *
 * @example
 * ```ts
 * import { AiraloSupplier } from "./airalo.ts";
 * const supplier = new AiraloSupplier({ clientId: "id", clientSecret: "secret" });
 * // const plans = await supplier.catalog();
 * ```
 */
import {
  type OrderInput,
  type Plan,
  type PlanKind,
  type Profile,
  type ProfilesQuery,
  type Supplier,
  SupplierError,
  SupplierErrorCode as C,
} from "../supplier/types.ts";
import {
  bad,
  baseUrlOption,
  checkOrderInput,
  commonStatusError,
  countryCode,
  credentialOption,
  decimalOf,
  type Exchange,
  exchange,
  isLpa,
  lpaOf,
  MB,
  nonNegInt,
  obj,
  parseJson,
  priceChanged,
  type RawAnswer,
  said,
  str,
  timeoutOption,
  unknownPlan,
} from "./_http.ts";
import {
  type IdempotencyStore,
  idempotentOrder,
  MemoryIdempotencyStore,
  SingleFlight,
} from "./idempotency.ts";

/** The production base URL (paths add `/v2/...`). */
export const AIRALO_BASE_URL = "https://partners-api.airalo.com";

/** Packages per page when reading the catalogue; and a bound on the pages read. */
const PAGE_LIMIT = 100;
const MAX_PAGES = 500;

export interface AiraloOptions {
  /** Content of `ADAPTER_B_CLIENT_ID_FILE`. */
  clientId: string;
  /** Content of `ADAPTER_B_CLIENT_SECRET_FILE`. */
  clientSecret: string;
  /** `ADAPTER_B_BASE_URL`, default `https://partners-api.airalo.com`. */
  baseUrl?: string;
  /** Per-call timeout in ms (default 15000). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Clock for token expiry (default `Date.now`). */
  now?: () => number;
  /** `transactionId → orderRef` memory in front of the description lookup. */
  idempotency?: IdempotencyStore;
}

interface Token {
  value: string;
  expiresAt: number;
}

export class AiraloSupplier implements Supplier {
  readonly #base: string;
  readonly #clientId: string;
  readonly #clientSecret: string;
  readonly #ex: Exchange;
  readonly #now: () => number;
  readonly #store: IdempotencyStore;
  readonly #flight = new SingleFlight<{ orderRef: string }>();
  readonly #tokenFlight = new SingleFlight<Token>();
  #token: Token | null = null;

  constructor(options: AiraloOptions) {
    this.#clientId = credentialOption(
      options.clientId,
      "The Airalo client id (ADAPTER_B_CLIENT_ID_FILE)",
    );
    this.#clientSecret = credentialOption(
      options.clientSecret,
      "The Airalo client secret (ADAPTER_B_CLIENT_SECRET_FILE)",
    );
    this.#base = baseUrlOption(options.baseUrl ?? AIRALO_BASE_URL, "ADAPTER_B_BASE_URL");
    this.#ex = {
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      timeoutMs: timeoutOption(options.timeoutMs),
      provider: "Airalo",
    };
    this.#now = options.now ?? Date.now;
    this.#store = options.idempotency ?? new MemoryIdempotencyStore();
  }

  async catalog(): Promise<Plan[]> {
    const plans: Plan[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const body = await this.#get(`/v2/packages?limit=${PAGE_LIMIT}&page=${page}`);
      const data = body.data;
      if (!Array.isArray(data)) throw bad("GET /v2/packages: 'data' must be an array");
      data.forEach((entry, i) => plans.push(...plansOf(obj(entry), i)));
      const last = nonNegInt(obj(body.meta)?.last_page);
      if (data.length === 0 || last === undefined || page >= last) break;
    }
    return plans;
  }

  order(input: OrderInput): Promise<{ orderRef: string }> {
    checkOrderInput(input);
    return idempotentOrder(
      this.#store,
      this.#flight,
      `adapter_b:${input.transactionId}`,
      () => this.#place(input),
    );
  }

  async #place(input: OrderInput): Promise<string> {
    const description = `esim-rails:${input.transactionId}`;
    const existing = await this.#findOrder(description);
    if (existing) return existing;
    const plan = (await this.catalog()).find((p) => p.id === input.planId);
    if (!plan) throw unknownPlan("Airalo", input.planId);
    const current = decimalOf(plan.costUsd)!;
    if (decimalOf(input.costUsd) !== current) {
      throw priceChanged(input.planId, input.costUsd, current);
    }
    const body = await this.#call("POST", "/v2/orders", {
      json: { quantity: 1, package_id: input.planId, type: "sim", description },
    });
    const id = idOf(obj(body.data)?.id);
    if (!id) throw bad("POST /v2/orders: 'data.id' must be an order id");
    return id;
  }

  async #findOrder(description: string): Promise<string | null> {
    const q = `filter[description]=${encodeURIComponent(description)}&limit=10`;
    const body = await this.#get(`/v2/orders?${q}`);
    if (!Array.isArray(body.data)) throw bad("GET /v2/orders: 'data' must be an array");
    for (const o of body.data) {
      const order = obj(o);
      if (order?.description === description) {
        const id = idOf(order.id);
        if (id) return id;
      }
    }
    return null;
  }

  async profiles(query: ProfilesQuery): Promise<Profile[]> {
    const byRef = typeof query?.orderRef === "string" && query.orderRef !== "";
    const byId = typeof query?.profileId === "string" && query.profileId !== "";
    if (byRef === byId) throw new TypeError("profiles: give exactly one of orderRef or profileId");
    if (byRef) {
      const body = await this.#get(
        `/v2/orders/${encodeURIComponent(query.orderRef!)}?include=sims`,
      );
      const sims = obj(body.data)?.sims ?? [];
      if (!Array.isArray(sims)) throw bad("GET /v2/orders/{id}: 'data.sims' must be an array");
      return sims.map((s, i) => profileOf(obj(s), query.orderRef!, i)).filter((p) => p !== null);
    }
    const body = await this.#get(`/v2/sims/${encodeURIComponent(query.profileId!)}?include=order`);
    const sim = obj(body.data);
    const orderRef = idOf(obj(sim?.simable)?.id);
    if (!sim || !orderRef) throw bad("GET /v2/sims/{iccid}: 'data.simable.id' is missing");
    const p = profileOf(sim, orderRef, 0);
    if (p && p.profileId !== query.profileId) throw bad("GET /v2/sims/{iccid}: another iccid");
    return p ? [p] : [];
  }

  async cancel(profileId: string): Promise<true> {
    if (typeof profileId !== "string" || !/^\d{10,22}$/.test(profileId)) {
      throw new TypeError("cancel: profileId must be an Airalo ICCID (digits)");
    }
    await this.#call("POST", "/v2/refund", {
      text: JSON.stringify({
        iccids: [profileId],
        reason: "OTHERS",
        notes: "Unused eSIM: the buyer's payment failed to settle; never delivered.",
      }),
      cancel: true,
    });
    return true;
  }

  async balance(): Promise<{ usd: number }> {
    const body = await this.#get("/v2/balance");
    const available = obj(obj(obj(body.data)?.balances)?.available_balance);
    const amount = available?.amount;
    if (typeof amount !== "number" || !Number.isFinite(amount)) {
      throw bad("GET /v2/balance: 'data.balances.available_balance.amount' must be a number");
    }
    if (available?.currency !== undefined && available.currency !== "USD") {
      throw bad(`GET /v2/balance: the balance is not in USD`);
    }
    return { usd: amount };
  }

  #get(path: string): Promise<Record<string, unknown>> {
    return this.#call("GET", path, {});
  }

  /** One authenticated call, refreshing the token once on a 401. */
  async #call(
    method: "GET" | "POST",
    path: string,
    body: { json?: unknown; text?: string; cancel?: boolean },
  ): Promise<Record<string, unknown>> {
    const what = `Airalo ${method} ${path.split("?")[0]}`;
    let answer: RawAnswer | null = null;
    for (let attempt = 0; attempt < 2; attempt++) {
      const token = await this.#bearer();
      const headers: Record<string, string> = {
        "Accept": "application/json",
        "Authorization": `Bearer ${token.value}`,
      };
      let payload: string | undefined;
      if (body.json !== undefined) {
        headers["Content-Type"] = "application/json";
        payload = JSON.stringify(body.json);
      } else if (body.text !== undefined) {
        headers["Content-Type"] = "text/plain";
        payload = body.text;
      }
      answer = await exchange(this.#ex, what, this.#base + path, {
        method,
        headers,
        body: payload,
      });
      if (answer.status !== 401) break;
      if (this.#token === token) this.#token = null;
    }
    const a = answer!;
    if (a.status >= 200 && a.status <= 299) {
      const parsed = obj(parseJson(what, a));
      if (!parsed) throw bad(`${what}: the answer is not a JSON object`, a.status);
      return parsed;
    }
    throw statusError(what, a, body.cancel === true);
  }

  async #bearer(): Promise<Token> {
    const t = this.#token;
    if (t && this.#now() < t.expiresAt) return t;
    return await this.#tokenFlight.run("token", async () => {
      const form = new FormData();
      form.set("client_id", this.#clientId);
      form.set("client_secret", this.#clientSecret);
      form.set("grant_type", "client_credentials");
      const what = "Airalo POST /v2/token";
      const a = await exchange(this.#ex, what, `${this.#base}/v2/token`, {
        method: "POST",
        headers: { "Accept": "application/json" },
        body: form,
      });
      if (a.status === 401 || a.status === 403 || a.status === 422 || a.status === 400) {
        throw authError(what, a.status);
      }
      if (a.status < 200 || a.status > 299) throw statusError(what, a, false);
      const data = obj(obj(parseJson(what, a))?.data);
      const value = str(data?.access_token);
      const expiresIn = typeof data?.expires_in === "number" ? data.expires_in : NaN;
      if (!value || !Number.isFinite(expiresIn) || expiresIn <= 0) {
        throw bad(`${what}: 'data.access_token' and 'data.expires_in' are required`, a.status);
      }
      const token = {
        value,
        expiresAt: this.#now() + Math.max(0, expiresIn * 1000 - 60_000),
      };
      this.#token = token;
      return token;
    });
  }
}

function authError(what: string, status: number): SupplierError {
  return new SupplierError(
    C.Unauthorized,
    `${what}: Airalo refused the client credentials (${status}). Check ADAPTER_B_CLIENT_ID_FILE, ` +
      `ADAPTER_B_CLIENT_SECRET_FILE and that ADAPTER_B_BASE_URL is the environment they belong to.`,
    false,
    { status },
  );
}

function statusError(what: string, a: RawAnswer, isCancel: boolean): SupplierError {
  let body: Record<string, unknown> | undefined;
  try {
    body = obj(JSON.parse(a.text));
  } catch {
    body = undefined;
  }
  const meta = obj(body?.meta);
  const data = obj(body?.data);
  const message = str(meta?.message) ?? str(data?.message) ?? str(body?.message);
  const common = commonStatusError(what, a.status, said(message));
  if (common) return common;
  const mk = (code: string, text: string) =>
    new SupplierError(code, `${what}: ${text}${said(message)}`, false, { status: a.status });
  if (a.status === 401) return authError(what, a.status);
  if (isCancel && a.status === 403) {
    return mk(
      "cancel_unsupported",
      "the Airalo refund API is not enabled for this account (it needs a contract amendment)",
    );
  }
  if (a.status === 403) return authError(what, a.status);
  if (a.status === 404) return mk(C.NotFound, "not found");
  if (a.status === 422) {
    if (/insufficient|credit limit|not enough (balance|credit)/i.test(a.text)) {
      return mk(C.InsufficientBalance, "the Airalo account credit is too low");
    }
    if (isCancel) return mk(C.Conflict, "Airalo refused the refund request (profile not unused?)");
    return mk(C.InvalidRequest, "Airalo refused the input");
  }
  return mk(`http_${a.status}`, `refused with status ${a.status}`);
}

function idOf(v: unknown): string | undefined {
  if (typeof v === "number" && Number.isSafeInteger(v) && v > 0) return String(v);
  return str(v);
}

function plansOf(entry: Record<string, unknown> | undefined, i: number): Plan[] {
  if (!entry) throw bad(`GET /v2/packages: data[${i}] must be an object`);
  const operators = entry.operators;
  if (!Array.isArray(operators)) throw bad(`GET /v2/packages: data[${i}].operators is missing`);
  const entryCountry = countryCode(entry.country_code);
  const slug = String(entry.slug ?? "");
  const kind: PlanKind = entryCountry
    ? "country"
    : /^(world|global)/i.test(slug)
    ? "global"
    : "region";
  const plans: Plan[] = [];
  operators.forEach((rawOp, j) => {
    const op = obj(rawOp);
    const packages = op?.packages;
    if (!op || !Array.isArray(packages)) {
      throw bad(`GET /v2/packages: data[${i}].operators[${j}].packages is missing`);
    }
    const countries = Array.isArray(op.countries)
      ? [...new Set(op.countries.map((c) => countryCode(obj(c)?.country_code)).filter(Boolean))]
      : [];
    if (countries.length === 0 && entryCountry) countries.push(entryCountry);
    const networks = new Set<string>();
    const types = new Set<string>();
    if (Array.isArray(op.coverages)) {
      for (const cov of op.coverages) {
        const nets = obj(cov)?.networks;
        if (!Array.isArray(nets)) continue;
        for (const n of nets) {
          const name = str(obj(n)?.name);
          if (name) networks.add(name);
          const ts = obj(n)?.types;
          if (Array.isArray(ts)) ts.forEach((t) => typeof t === "string" && types.add(t));
        }
      }
    }
    packages.forEach((rawPkg, k) => {
      const where = `GET /v2/packages: data[${i}].operators[${j}].packages[${k}]`;
      const pkg = obj(rawPkg);
      const id = str(pkg?.id);
      if (!pkg || !id) throw bad(`${where}: 'id' is missing`);
      if (pkg.type !== undefined && pkg.type !== "sim") return; // top-ups are not plans
      if (pkg.is_unlimited === true) return;
      const amount = nonNegInt(pkg.amount);
      const day = nonNegInt(pkg.day);
      const net = pkg.net_price;
      if (amount === undefined || day === undefined) throw bad(`${where}: 'amount' or 'day'`);
      if (typeof net !== "number" || !Number.isFinite(net) || net < 0) {
        throw bad(`${where}: 'net_price' must be a non-negative number`);
      }
      if (countries.length === 0) throw bad(`${where}: no country`);
      const plan: Plan = {
        id,
        name: str(pkg.title) ?? `${str(op.title) ?? "Airalo"} ${str(pkg.data) ?? ""}`.trim(),
        countries: countries as string[],
        kind: kind === "country" && countries.length > 1 ? "region" : kind,
        dataBytes: amount * MB,
        days: day,
        costUsd: net,
      };
      if (types.size) plan.speed = [...types].sort().join("/");
      if (networks.size) plan.networks = [...networks];
      if (typeof op.rechargeability === "boolean") plan.topUp = op.rechargeability;
      const window = nonNegInt(op.install_window_days);
      if (window !== undefined) plan.unusedValidDays = window;
      plans.push(plan);
    });
  });
  return plans;
}

function profileOf(
  sim: Record<string, unknown> | undefined,
  orderRef: string,
  i: number,
): Profile | null {
  if (!sim) throw bad(`Airalo: sims[${i}] must be an object`);
  const iccid = str(sim.iccid);
  if (!iccid) return null; // not allocated yet
  const lpa = str(sim.lpa);
  const matching = typeof sim.matching_id === "string" ? sim.matching_id : undefined;
  let code: string | undefined;
  if (lpa && matching) code = lpaOf(lpa, matching);
  else if (isLpa(sim.qrcode)) code = sim.qrcode;
  if (!code) return null;
  if (!isLpa(code)) throw bad(`Airalo: sims[${i}] has an activation code that is not LPA`);
  const p: Profile = { profileId: iccid, orderRef, activationCode: code, iccid };
  const qr = str(sim.qrcode_url);
  if (qr) p.qrCodeUrl = qr;
  const install = str(sim.direct_apple_installation_url);
  if (install) p.installUrl = install;
  const apn = str(sim.apn_value);
  if (apn) p.apn = apn;
  return p;
}

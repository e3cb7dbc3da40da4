/**
 * `adapter_c`: the eSIM Go API v2.4 (https://docs.esim-go.com/api/v2_4/, base
 * `https://api.esim-go.com/v2.4`) behind the `Supplier` interface.
 *
 * Wire format relied on (from the provider's API reference):
 * - Every call carries `X-API-Key` and `Accept: application/json`; errors are `{message}`
 *   with 400 (bad input, unknown bundle, too little balance), 401/403 (bad key), 404, 429,
 *   500, 503 (`Retry-After`).
 * - `GET /catalogue?page=&perPage=` → `{bundles: [{name, description, countries: [{name,
 *   region, iso}], dataAmount (MB), duration (days), speed: ["4G", ...], unlimited, price
 *   (USD)}], pageCount}`; `GET /catalogue/bundle/{name}` → one bundle (names are case
 *   sensitive): the price we re-read before ordering.
 * - `POST /orders` `{type: "transaction", assign: true, order: [{type: "bundle", quantity: 1,
 *   item: <bundle name>, allowReassign: false}]}` → `{orderReference, status, total, order:
 *   [...]}`: buys the bundle and assigns it to a new eSIM.
 * - `GET /esims/assignments?reference=<orderReference>` → `[{iccid, matchingId, smdpAddress,
 *   profileStatus, appleInstallUrl?}]`; the activation code is
 *   `LPA:1$<smdpAddress>$<matchingId>`. An empty list means still being made.
 * - `GET /orders/{orderReference}` → `{order: [{item, esims: [{iccid}]}]}` (which bundle an
 *   eSIM got), then `DELETE /esims/{iccid}/bundles/{item}?refundToBalance=true` revokes an
 *   unused bundle and refunds it to the organisation balance.
 * - `GET /organisation` → `{organisations: [{balance, currency}]}` (a flat `{balance,
 *   currency}` is accepted too).
 *
 * Idempotency: eSIM Go orders carry no client reference, so the `transactionId → orderRef`
 * memory is ours alone: in memory by default (re-orders are idempotent for the life of the
 * process, concurrent ones share one flight). Pass `idempotency` backed by durable storage to
 * keep that across restarts; without it, a retry after a restart orders again.
 *
 * Choices where the reference is unclear: plan ids are bundle names, unprefixed; order refs
 * are `orderReference`s; profile ids are `<orderReference>:<iccid>` (eSIM Go addresses an
 * eSIM by ICCID, and cancel needs the order to learn the bundle); `kind` is `country` for
 * one country, `global` when the description says "Global", else `region`; unlimited
 * bundles are left out (a Plan cannot say "unlimited"); `speed` joins the list (`"4G/5G"`).
 *
 * @example
 * ```ts
 * import { EsimGoSupplier } from "./esim_go.ts";
 * const supplier = new EsimGoSupplier({ apiKey: "key" });
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

/** The production base URL, version included. */
export const ESIM_GO_BASE_URL = "https://api.esim-go.com/v2.4";

const PER_PAGE = 100;
const MAX_PAGES = 500;

export interface EsimGoOptions {
  /** Content of `ADAPTER_C_API_KEY_FILE`. */
  apiKey: string;
  /** `ADAPTER_C_BASE_URL`, default `https://api.esim-go.com/v2.4`. */
  baseUrl?: string;
  /** Per-call timeout in ms (default 15000). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** `transactionId → orderRef` memory (default in memory; see the module doc). */
  idempotency?: IdempotencyStore;
}

type Kind = "catalogue" | "order" | "cancel" | "other";

export class EsimGoSupplier implements Supplier {
  readonly #base: string;
  readonly #apiKey: string;
  readonly #ex: Exchange;
  readonly #store: IdempotencyStore;
  readonly #flight = new SingleFlight<{ orderRef: string }>();

  constructor(options: EsimGoOptions) {
    this.#apiKey = credentialOption(options.apiKey, "The eSIM Go API key (ADAPTER_C_API_KEY_FILE)");
    this.#base = baseUrlOption(options.baseUrl ?? ESIM_GO_BASE_URL, "ADAPTER_C_BASE_URL");
    this.#ex = {
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      timeoutMs: timeoutOption(options.timeoutMs),
      provider: "eSIM Go",
    };
    this.#store = options.idempotency ?? new MemoryIdempotencyStore();
  }

  async catalog(): Promise<Plan[]> {
    const plans: Plan[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const body = obj(await this.#call("GET", `/catalogue?page=${page}&perPage=${PER_PAGE}`));
      const bundles = body?.bundles;
      if (!Array.isArray(bundles)) throw bad("GET /catalogue: 'bundles' must be an array");
      bundles.forEach((b, i) => {
        const plan = planOf(obj(b), `GET /catalogue: bundles[${i}]`);
        if (plan) plans.push(plan);
      });
      const pages = nonNegInt(body?.pageCount);
      if (bundles.length === 0 || pages === undefined || page >= pages) break;
    }
    return plans;
  }

  order(input: OrderInput): Promise<{ orderRef: string }> {
    checkOrderInput(input);
    return idempotentOrder(
      this.#store,
      this.#flight,
      `adapter_c:${input.transactionId}`,
      () => this.#place(input),
    );
  }

  async #place(input: OrderInput): Promise<string> {
    let bundle: unknown;
    try {
      bundle = await this.#call(
        "GET",
        `/catalogue/bundle/${encodeURIComponent(input.planId)}`,
        undefined,
        "catalogue",
      );
    } catch (err) {
      if (err instanceof SupplierError && err.code === C.NotFound) {
        throw unknownPlan("eSIM Go", input.planId, err.status);
      }
      throw err;
    }
    const plan = planOf(obj(bundle), "GET /catalogue/bundle/{name}");
    if (!plan || plan.id !== input.planId) throw unknownPlan("eSIM Go", input.planId);
    const current = decimalOf(plan.costUsd)!;
    if (decimalOf(input.costUsd) !== current) {
      throw priceChanged(input.planId, input.costUsd, current);
    }
    const body = obj(
      await this.#call("POST", "/orders", {
        type: "transaction",
        assign: true,
        order: [{ type: "bundle", quantity: 1, item: input.planId, allowReassign: false }],
      }, "order"),
    );
    const ref = str(body?.orderReference);
    if (!ref) throw bad("POST /orders: 'orderReference' must be a non-empty string");
    return ref;
  }

  async profiles(query: ProfilesQuery): Promise<Profile[]> {
    const byRef = typeof query?.orderRef === "string" && query.orderRef !== "";
    const byId = typeof query?.profileId === "string" && query.profileId !== "";
    if (byRef === byId) throw new TypeError("profiles: give exactly one of orderRef or profileId");
    const { orderRef, iccid } = byRef
      ? { orderRef: query.orderRef!, iccid: undefined }
      : splitProfileId(query.profileId!);
    const list = await this.#call(
      "GET",
      `/esims/assignments?reference=${encodeURIComponent(orderRef)}`,
    );
    if (!Array.isArray(list)) throw bad("GET /esims/assignments: the answer must be an array");
    const out: Profile[] = [];
    list.forEach((a, i) => {
      const p = assignmentOf(obj(a), orderRef, i);
      if (p && (!iccid || p.iccid === iccid)) out.push(p);
    });
    return out;
  }

  async cancel(profileId: string): Promise<true> {
    if (typeof profileId !== "string") throw new TypeError("cancel: profileId must be a string");
    const { orderRef, iccid } = splitProfileId(profileId);
    const order = obj(await this.#call("GET", `/orders/${encodeURIComponent(orderRef)}`));
    const items = order?.order;
    if (!Array.isArray(items)) throw bad("GET /orders/{ref}: 'order' must be an array");
    const bundles = items.map(obj).filter((it) => it?.type === undefined || it.type === "bundle");
    const item =
      bundles.find((it) =>
        Array.isArray(it?.esims) && it.esims.some((e) => obj(e)?.iccid === iccid)
      ) ?? (bundles.length === 1 ? bundles[0] : undefined);
    const name = str(item?.item);
    if (!name) throw bad("GET /orders/{ref}: no bundle item for this eSIM");
    await this.#call(
      "DELETE",
      `/esims/${encodeURIComponent(iccid)}/bundles/${
        encodeURIComponent(name)
      }?refundToBalance=true`,
      undefined,
      "cancel",
    );
    return true;
  }

  async balance(): Promise<{ usd: number }> {
    const body = obj(await this.#call("GET", "/organisation"));
    const orgs = body?.organisations;
    const org = Array.isArray(orgs) ? obj(orgs[0]) : body;
    const balance = org?.balance;
    if (typeof balance !== "number" || !Number.isFinite(balance)) {
      throw bad("GET /organisation: 'balance' must be a number");
    }
    if (org?.currency !== undefined && org.currency !== "USD") {
      throw bad("GET /organisation: the balance is not in USD");
    }
    return { usd: balance };
  }

  async #call(
    method: "GET" | "POST" | "DELETE",
    path: string,
    json?: unknown,
    kind: Kind = "other",
  ): Promise<unknown> {
    const what = `eSIM Go ${method} ${path.split("?")[0]}`;
    const headers: Record<string, string> = {
      "X-API-Key": this.#apiKey,
      "Accept": "application/json",
    };
    if (json !== undefined) headers["Content-Type"] = "application/json";
    const a = await exchange(this.#ex, what, this.#base + path, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    if (a.status >= 200 && a.status <= 299) {
      if (method === "DELETE") return null;
      return parseJson(what, a);
    }
    throw statusError(what, a, kind);
  }
}

function splitProfileId(profileId: string): { orderRef: string; iccid: string } {
  const m = /^([^:]+):(\d{10,22})$/.exec(profileId);
  if (!m) throw new TypeError("profileId must be '<orderReference>:<iccid>' for eSIM Go");
  return { orderRef: m[1]!, iccid: m[2]! };
}

function statusError(what: string, a: RawAnswer, kind: Kind): SupplierError {
  let message: string | undefined;
  try {
    message = str(obj(JSON.parse(a.text))?.message);
  } catch {
    message = undefined;
  }
  const common = commonStatusError(what, a.status, said(message));
  if (common) return common;
  const mk = (code: string, text: string) =>
    new SupplierError(code, `${what}: ${text}${said(message)}`, false, { status: a.status });
  if (a.status === 401 || (a.status === 403 && kind !== "cancel")) {
    return mk(
      C.Unauthorized,
      `eSIM Go refused the API key (${a.status}). Check ADAPTER_C_API_KEY_FILE and ADAPTER_C_BASE_URL`,
    );
  }
  if (kind === "order" && /balance|insufficient|funds|credit/i.test(message ?? "")) {
    return mk(C.InsufficientBalance, "the eSIM Go organisation balance is too low");
  }
  if (a.status === 404 || (kind === "catalogue" && a.status === 400)) {
    return mk(C.NotFound, "not found");
  }
  if (kind === "cancel") return mk(C.Conflict, "eSIM Go refused to revoke (bundle not unused?)");
  if (a.status === 400) return mk(C.InvalidRequest, "eSIM Go refused the input");
  return mk(`http_${a.status}`, `refused with status ${a.status}`);
}

function planOf(b: Record<string, unknown> | undefined, where: string): Plan | null {
  const name = str(b?.name);
  if (!b || !name) throw bad(`${where}: 'name' is missing`);
  if (b.unlimited === true || b.dataAmount === -1) return null;
  const countries = Array.isArray(b.countries)
    ? [...new Set(b.countries.map((c) => countryCode(obj(c)?.iso)).filter(Boolean))] as string[]
    : [];
  const mb = nonNegInt(b.dataAmount);
  const days = nonNegInt(b.duration);
  const price = b.price;
  if (countries.length === 0) throw bad(`${where}: no country with an ISO code`);
  if (mb === undefined || days === undefined) throw bad(`${where}: 'dataAmount' or 'duration'`);
  if (typeof price !== "number" || !Number.isFinite(price) || price < 0) {
    throw bad(`${where}: 'price' must be a non-negative number`);
  }
  const description = str(b.description) ?? name;
  const kind: PlanKind = /global/i.test(description)
    ? "global"
    : countries.length === 1
    ? "country"
    : "region";
  const plan: Plan = {
    id: name,
    name: description,
    countries,
    kind,
    dataBytes: mb * MB,
    days,
    costUsd: price,
  };
  if (Array.isArray(b.speed)) {
    const speeds = b.speed.filter((s): s is string => typeof s === "string" && s !== "");
    if (speeds.length) plan.speed = [...new Set(speeds)].sort().join("/");
  }
  return plan;
}

function assignmentOf(
  a: Record<string, unknown> | undefined,
  orderRef: string,
  i: number,
): Profile | null {
  if (!a) throw bad(`GET /esims/assignments: [${i}] must be an object`);
  const iccid = str(a.iccid);
  const smdp = str(a.smdpAddress);
  const matching = str(a.matchingId);
  if (!iccid || !smdp || !matching) return null; // not ready yet
  if (!/^[A-Za-z0-9.-]+$/.test(smdp) || /[\s$]/.test(matching)) {
    throw bad(`GET /esims/assignments: [${i}] has an unusable SM-DP+ address or matching id`);
  }
  const p: Profile = {
    profileId: `${orderRef}:${iccid}`,
    orderRef,
    activationCode: lpaOf(smdp, matching),
    iccid,
  };
  const install = str(a.appleInstallUrl);
  if (install) p.installUrl = install;
  const status = str(a.profileStatus);
  if (status) {
    p.state = status;
    p.installed = !/^(released|unavailable)$/i.test(status);
  }
  return p;
}

/**
 * `adapter_a`: the eSIM Access open API (https://docs.esimaccess.com, API v1, base
 * `https://api.esimaccess.com`) behind the `Supplier` interface.
 *
 * Wire format relied on (from the provider's published API reference):
 * - Every call is `POST <base>/api/v1/open/...` with a JSON body and the headers
 *   `RT-AccessCode`, `RT-RequestID` (a fresh UUID v4), `RT-Timestamp` (ms since the epoch, as
 *   a string) and `RT-Signature` = hex HMAC-SHA256 keyed with the secret key over
 *   `timestamp + requestId + accessCode + body` (no separators; the raw body bytes as sent).
 *   We send lowercase hex (the reference's own Java sample lowercases; its worked example is
 *   the same digest in uppercase).
 * - Every answer is the envelope `{success, errorCode, errorMsg, obj}`; failures mostly come
 *   as HTTP 200 with `success: false`. Error codes used: `101001` (timestamp expired),
 *   `101003` (signature mismatch), `000101`/`000102` (header missing / malformed), `101002`
 *   (IP blocked) → `unauthorized`; `200007` → `insufficient_balance`; `200005`/`200006`
 *   (price / amount wrong) → `price_changed`; `310201`/`310241`/`310243` → `not_found`;
 *   `200010` (SM-DP+ still allocating) → an empty profile list; `200011` (no profiles left
 *   for the package) → `out_of_stock` (retryable); `000001` → `supplier_unavailable`
 *   (retryable); `200002` on cancel → `conflict` (profile no longer unused).
 * - `package/list` `{type: "BASE", packageCode?}` → `obj.packageList[]` with `packageCode`,
 *   `name`, `price` (integer, 1/10000 USD), `currencyCode`, `volume` (bytes), `duration` +
 *   `durationUnit` (`DAY`), `location` (comma-separated ISO codes), `unusedValidTime` (days),
 *   `speed`, `locationNetworkList[].operatorList[].operatorName`, `supportTopUpType`.
 * - `esim/order` `{transactionId, amount, packageInfoList: [{packageCode, count, price}]}` →
 *   `obj.orderNo`. A repeated `transactionId` is "identified as the same request" by the
 *   provider: that is the idempotency we rely on across restarts. `price`/`amount` make the
 *   provider refuse a changed price itself, in addition to our catalogue re-read.
 * - `esim/query` `{orderNo | esimTranNo, pager: {pageNum, pageSize}}` →
 *   `obj.esimList[]` with `esimTranNo`, `orderNo`, `iccid`, `ac` (the LPA activation code),
 *   `qrCodeUrl`, `shortUrl`, `apn`, `expiredTime`, `esimStatus`, `smdpStatus`, `totalVolume`,
 *   `orderUsage`.
 * - `esim/cancel` `{esimTranNo}` (only while `esimStatus` is `GOT_RESOURCE` and `smdpStatus`
 *   is `RELEASED`: never installed); `balance/query` `{}` → `obj.balance` (1/10000 USD).
 *
 * Choices where the reference is unclear: the profile id is the provider's `esimTranNo` and
 * the order ref its `orderNo`; plan ids are the provider's `packageCode`s, unprefixed;
 * `kind` is `country` for one location, `global` when the package `locationCode` starts with
 * `!GL` or the name says "Global", else `region`; `topUp` is `supportTopUpType !== 1`;
 * packages priced in another currency than USD are left out of the catalogue. The secret key
 * and activation codes are never logged or put in an error message.
 *
 * @example
 * ```ts
 * import { EsimAccessSupplier } from "./esim_access.ts";
 * const supplier = new EsimAccessSupplier({ accessCode: "ACCESS", secretKey: "SECRET" });
 * // const plans = await supplier.catalog();
 * ```
 */
import { hmacSha256Hex } from "../hmac.ts";
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
  nonNegInt,
  obj,
  parseJson,
  priceChanged,
  said,
  str,
  timeoutOption,
  unitsToDecimal,
  unknownPlan,
} from "./_http.ts";
import {
  type IdempotencyStore,
  idempotentOrder,
  MemoryIdempotencyStore,
  SingleFlight,
} from "./idempotency.ts";

/** The production base URL. */
export const ESIM_ACCESS_BASE_URL = "https://api.esimaccess.com";

/** Price and balance unit: 1/10000 USD. */
const SCALE = 4;

export interface EsimAccessOptions {
  /** Content of `ADAPTER_A_ACCESS_CODE_FILE`. */
  accessCode: string;
  /** Content of `ADAPTER_A_SECRET_KEY_FILE`. */
  secretKey: string;
  /** Default `https://api.esimaccess.com`. */
  baseUrl?: string;
  /** Per-call timeout in ms (default 15000). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Clock for `RT-Timestamp` (default `Date.now`). */
  now?: () => number;
  /** Request ids (default `crypto.randomUUID`). */
  requestId?: () => string;
  /** `transactionId → orderRef` memory (default in memory). */
  idempotency?: IdempotencyStore;
}

/**
 * `RT-Signature`: lowercase hex HMAC-SHA256(secretKey, timestamp + requestId + accessCode +
 * body).
 *
 * @example
 * ```ts
 * import { esimAccessSignature } from "./esim_access.ts";
 * esimAccessSignature("1111", "1628670421", "4ce9d9cdac9e4e17b3a2c66c358c1ce2", "11111", '{"imsi":"326543826"}');
 * // "7eb765e27df5373dea2dbc8c41a7d9557743e46c8054750f3d851b3fd01d0835"
 * ```
 */
export function esimAccessSignature(
  secretKey: string,
  timestamp: string,
  requestId: string,
  accessCode: string,
  body: string,
): string {
  return hmacSha256Hex(secretKey, timestamp + requestId + accessCode + body);
}

export class EsimAccessSupplier implements Supplier {
  readonly #base: string;
  readonly #accessCode: string;
  readonly #secretKey: string;
  readonly #ex: Exchange;
  readonly #now: () => number;
  readonly #requestId: () => string;
  readonly #store: IdempotencyStore;
  readonly #flight = new SingleFlight<{ orderRef: string }>();

  constructor(options: EsimAccessOptions) {
    this.#accessCode = credentialOption(
      options.accessCode,
      "The eSIM Access access code (ADAPTER_A_ACCESS_CODE_FILE)",
    );
    this.#secretKey = credentialOption(
      options.secretKey,
      "The eSIM Access secret key (ADAPTER_A_SECRET_KEY_FILE)",
    );
    this.#base = baseUrlOption(options.baseUrl ?? ESIM_ACCESS_BASE_URL, "The eSIM Access URL");
    this.#ex = {
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      timeoutMs: timeoutOption(options.timeoutMs),
      provider: "eSIM Access",
    };
    this.#now = options.now ?? Date.now;
    this.#requestId = options.requestId ?? (() => crypto.randomUUID());
    this.#store = options.idempotency ?? new MemoryIdempotencyStore();
  }

  async catalog(): Promise<Plan[]> {
    const o = await this.#call("package/list", { locationCode: "", type: "BASE" });
    return this.#packages(o, "package/list");
  }

  order(input: OrderInput): Promise<{ orderRef: string }> {
    checkOrderInput(input);
    return idempotentOrder(
      this.#store,
      this.#flight,
      `adapter_a:${input.transactionId}`,
      () => this.#place(input),
    );
  }

  async #place(input: OrderInput): Promise<string> {
    const o = await this.#call("package/list", { type: "BASE", packageCode: input.planId });
    const list = o.packageList;
    if (!Array.isArray(list)) throw bad("package/list: 'obj.packageList' must be an array");
    const pkg = list.map(obj).find((p) => p?.packageCode === input.planId);
    if (!pkg) throw unknownPlan("eSIM Access", input.planId);
    const price = priceUnits(pkg.price, "package/list");
    const current = unitsToDecimal(price, SCALE);
    if (decimalOf(input.costUsd) !== current) {
      throw priceChanged(input.planId, input.costUsd, current);
    }
    const placed = await this.#call("esim/order", {
      transactionId: input.transactionId,
      amount: Number(price),
      packageInfoList: [{ packageCode: input.planId, count: 1, price: Number(price) }],
    });
    const orderNo = str(placed.orderNo);
    if (!orderNo) throw bad("esim/order: 'obj.orderNo' must be a non-empty string");
    return orderNo;
  }

  async profiles(query: ProfilesQuery): Promise<Profile[]> {
    const byRef = typeof query?.orderRef === "string" && query.orderRef !== "";
    const byId = typeof query?.profileId === "string" && query.profileId !== "";
    if (byRef === byId) throw new TypeError("profiles: give exactly one of orderRef or profileId");
    const filter = byRef ? { orderNo: query.orderRef } : { esimTranNo: query.profileId };
    let o: Record<string, unknown>;
    try {
      o = await this.#call("esim/query", { ...filter, pager: { pageNum: 1, pageSize: 50 } });
    } catch (err) {
      if (err instanceof SupplierError && err.code === PROFILE_PENDING) return [];
      throw err;
    }
    const list = o.esimList;
    if (list === null || list === undefined) return [];
    if (!Array.isArray(list)) throw bad("esim/query: 'obj.esimList' must be an array");
    const out: Profile[] = [];
    list.forEach((e, i) => {
      const p = profileOf(obj(e), i);
      if (!p) return; // listed but without an activation code yet: still being made
      if (byRef && p.orderRef !== query.orderRef) {
        throw bad(`esim/query: esimList[${i}] belongs to another order`);
      }
      if (byId && p.profileId !== query.profileId) {
        throw bad(`esim/query: esimList[${i}] has another esimTranNo`);
      }
      out.push(p);
    });
    return out;
  }

  async cancel(profileId: string): Promise<true> {
    if (typeof profileId !== "string" || !profileId) {
      throw new TypeError("cancel: profileId must be a non-empty string");
    }
    await this.#call("esim/cancel", { esimTranNo: profileId });
    return true;
  }

  async balance(): Promise<{ usd: number }> {
    const o = await this.#call("balance/query", {});
    const units = priceUnits(o.balance, "balance/query", "balance");
    return { usd: Number(unitsToDecimal(units, SCALE)) };
  }

  #packages(o: Record<string, unknown>, what: string): Plan[] {
    const list = o.packageList;
    if (!Array.isArray(list)) throw bad(`${what}: 'obj.packageList' must be an array`);
    const plans: Plan[] = [];
    list.forEach((raw, i) => {
      const p = obj(raw);
      const id = str(p?.packageCode);
      const name = str(p?.name);
      if (!p || !id || !name) throw bad(`${what}: packageList[${i}] lacks packageCode or name`);
      if (p.currencyCode !== undefined && p.currencyCode !== null && p.currencyCode !== "USD") {
        return;
      }
      const price = priceUnits(p.price, `${what}: packageList[${i}]`);
      const volume = nonNegInt(p.volume);
      const duration = nonNegInt(p.duration);
      if (volume === undefined || duration === undefined) {
        throw bad(`${what}: packageList[${i}] lacks volume or duration`);
      }
      const unit = typeof p.durationUnit === "string" ? p.durationUnit.toUpperCase() : "DAY";
      const days = unit === "MONTH" ? duration * 30 : duration;
      const countries = [
        ...new Set(
          String(p.location ?? "").split(",").map(countryCode).filter((c): c is string => !!c),
        ),
      ];
      if (countries.length === 0) throw bad(`${what}: packageList[${i}] has no location`);
      const plan: Plan = {
        id,
        name,
        countries,
        kind: kindOf(countries, p.locationCode, name),
        dataBytes: volume,
        days,
        costUsd: Number(unitsToDecimal(price, SCALE)),
      };
      const speed = str(p.speed);
      if (speed) plan.speed = speed;
      const networks = networksOf(p.locationNetworkList);
      if (networks.length) plan.networks = networks;
      if (typeof p.supportTopUpType === "number") plan.topUp = p.supportTopUpType !== 1;
      const unused = nonNegInt(p.unusedValidTime);
      if (unused !== undefined) plan.unusedValidDays = unused;
      plans.push(plan);
    });
    return plans;
  }

  /** One signed call; returns `obj` of a successful envelope, else throws a SupplierError. */
  async #call(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const what = `eSIM Access ${path}`;
    const raw = JSON.stringify(body);
    const timestamp = String(this.#now());
    const requestId = this.#requestId();
    const answer = await exchange(this.#ex, what, `${this.#base}/api/v1/open/${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Accept": "application/json",
        "RT-AccessCode": this.#accessCode,
        "RT-RequestID": requestId,
        "RT-Timestamp": timestamp,
        "RT-Signature": esimAccessSignature(
          this.#secretKey,
          timestamp,
          requestId,
          this.#accessCode,
          raw,
        ),
      },
      body: raw,
    });
    let envelope: Record<string, unknown> | undefined;
    try {
      envelope = obj(JSON.parse(answer.text));
    } catch {
      envelope = undefined;
    }
    if (answer.status < 200 || answer.status > 299) {
      const common = commonStatusError(what, answer.status, said(envelope?.errorMsg));
      if (common) throw common;
      if (answer.status === 401 || answer.status === 403) throw authError(what, answer.status);
      if (envelope && envelope.success === false) {
        throw envelopeError(what, envelope, answer.status);
      }
      throw new SupplierError(
        `http_${answer.status}`,
        `${what}: refused with status ${answer.status}`,
        false,
        { status: answer.status },
      );
    }
    if (!envelope) parseJson(what, answer); // throws the "not JSON" error when it is not
    if (!envelope) throw bad(`${what}: the answer is not a JSON object`, answer.status);
    const ok = envelope.success === true || envelope.success === "true";
    if (!ok) {
      if (envelope.success === false || envelope.success === "false") {
        throw envelopeError(what, envelope, answer.status);
      }
      throw bad(`${what}: the answer has no boolean 'success'`, answer.status);
    }
    const o = envelope.obj;
    if (o === null || o === undefined) return {};
    const r = obj(o);
    if (!r) throw bad(`${what}: 'obj' must be an object`, answer.status);
    return r;
  }
}

const PROFILE_PENDING = "profile_pending";

function authError(what: string, status?: number): SupplierError {
  return new SupplierError(
    C.Unauthorized,
    `${what}: eSIM Access refused the credentials or signature. Check ADAPTER_A_ACCESS_CODE_FILE ` +
      `and ADAPTER_A_SECRET_KEY_FILE, and that this machine's clock is right.`,
    false,
    { status },
  );
}

function envelopeError(
  what: string,
  env: Record<string, unknown>,
  status: number,
): SupplierError {
  const code = String(env.errorCode ?? "");
  const msg = said(env.errorMsg ?? env.errorMessage);
  const mk = (c: string, retryable: boolean, text: string) =>
    new SupplierError(c, `${what}: ${text}${msg}`, retryable, { status });
  switch (code) {
    case "101001":
    case "101002":
    case "101003":
    case "000101":
    case "000102":
      return authError(`${what} (${code})`, status);
    case "200007":
      return mk(C.InsufficientBalance, false, "the eSIM Access account balance is too low");
    case "200005":
    case "200006":
      return mk(C.PriceChanged, false, "eSIM Access refused the price; quote again");
    case "310201":
    case "310211":
    case "310241":
    case "310243":
      return mk(C.NotFound, false, "eSIM Access does not know this package or profile");
    case "200010":
      return mk(PROFILE_PENDING, true, "the profile is still being allocated");
    case "200011":
      return mk("out_of_stock", true, "eSIM Access has no profiles left for this package");
    case "200002":
    case "200009":
      return mk(C.Conflict, false, "not allowed in the profile's current state (unused only)");
    case "000001":
      return mk(C.Unavailable, true, "eSIM Access failed");
    case "000103":
    case "000104":
    case "000105":
    case "000106":
    case "000107":
    case "200008":
      return mk(C.InvalidRequest, false, `eSIM Access refused the request (${code})`);
    default:
      return mk(
        /^[0-9A-Za-z_]{1,20}$/.test(code) ? `esim_access_${code}` : C.BadResponse,
        false,
        `eSIM Access refused with error ${code || "(none)"}`,
      );
  }
}

/** An integer amount in 1/10000 USD (number or digit string), as a bigint. */
function priceUnits(v: unknown, what: string, field = "price"): bigint {
  if (typeof v === "number" && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  if (typeof v === "string" && /^\d{1,18}$/.test(v)) return BigInt(v);
  throw bad(`${what}: '${field}' must be a non-negative integer (1/10000 USD)`);
}

function kindOf(countries: string[], locationCode: unknown, name: string): PlanKind {
  if (
    (typeof locationCode === "string" && /^!?GL/i.test(locationCode)) || /\bglobal\b/i.test(name)
  ) return "global";
  return countries.length === 1 ? "country" : "region";
}

function networksOf(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  const names = new Set<string>();
  for (const loc of v) {
    const ops = obj(loc)?.operatorList;
    if (!Array.isArray(ops)) continue;
    for (const op of ops) {
      const n = str(obj(op)?.operatorName);
      if (n) names.add(n);
    }
  }
  return [...names];
}

/** `2024-01-11T08:10:19+0000` → `2024-01-11T08:10:19.000Z`; `undefined` when unparseable. */
function isoTime(v: unknown): string | undefined {
  if (typeof v !== "string" || v === "") return undefined;
  const fixed = v.replace(/([+-]\d{2})(\d{2})$/, "$1:$2");
  const t = Date.parse(fixed);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}

function profileOf(e: Record<string, unknown> | undefined, i: number): Profile | null {
  if (!e) throw bad(`esim/query: esimList[${i}] must be an object`);
  const profileId = str(e.esimTranNo);
  const orderRef = str(e.orderNo);
  if (!profileId || !orderRef) throw bad(`esim/query: esimList[${i}] lacks esimTranNo or orderNo`);
  if (e.ac === undefined || e.ac === null || e.ac === "") return null;
  if (!isLpa(e.ac)) throw bad(`esim/query: esimList[${i}] has an 'ac' that is not an LPA code`);
  const p: Profile = { profileId, orderRef, activationCode: e.ac };
  const iccid = str(e.iccid);
  if (iccid) p.iccid = iccid;
  const qr = str(e.qrCodeUrl);
  if (qr) p.qrCodeUrl = qr;
  const install = str(e.shortUrl);
  if (install) p.installUrl = install;
  const apn = str(e.apn);
  if (apn) p.apn = apn;
  const expires = isoTime(e.expiredTime);
  if (expires) p.expires = expires;
  const state = str(e.esimStatus);
  if (state) p.state = state;
  const smdp = str(e.smdpStatus);
  if (smdp) p.installed = smdp !== "RELEASED";
  if (state) p.activated = state !== "GOT_RESOURCE" && state !== "CANCEL";
  const used = nonNegInt(e.orderUsage);
  if (used !== undefined) p.dataUsedBytes = used;
  const total = nonNegInt(e.totalVolume);
  if (total !== undefined) p.dataTotalBytes = total;
  return p;
}

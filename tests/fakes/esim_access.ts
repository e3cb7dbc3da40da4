/**
 * A local fake of the eSIM Access open API (`POST /api/v1/open/...`), speaking its wire
 * format: `RT-*` headers checked (access code, timestamp within five minutes, HMAC-SHA256
 * signature over timestamp + request id + access code + raw body, hex in either case), the
 * `{success, errorCode, errorMsg, obj}` envelope with the provider's error codes, prices and
 * balance in 1/10000 USD, `transactionId` idempotency, profiles allocated asynchronously
 * (`200010` until ready), cancel only while unused.
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { toHex } from "../../src/crypto/hash.ts";
import { type FailMode, Failures, type FakeControls, json, serve, usdUnits } from "./_server.ts";

export const FAKE_ACCESS_CODE = "fake-access-code-0001";
export const FAKE_SECRET_KEY = "fake-secret-key-0123456789";

interface Pkg {
  packageCode: string;
  slug: string;
  name: string;
  price: number;
  currencyCode: string;
  volume: number;
  duration: number;
  durationUnit: string;
  location: string;
  locationCode: string;
  speed: string;
  unusedValidTime: number;
  supportTopUpType: number;
  locationNetworkList: { locationName: string; operatorList: { operatorName: string }[] }[];
}

interface Esim {
  esimTranNo: string;
  orderNo: string;
  transactionId: string;
  iccid: string;
  matchingId: string;
  packageCode: string;
  price: number;
  pollsLeft: number;
  esimStatus: string;
  smdpStatus: string;
  volume: number;
}

const GB = 1024 * 1024 * 1024;

function catalogue(): Pkg[] {
  return [
    {
      packageCode: "CKH491",
      slug: "US_1_7",
      name: "United States 1GB 7Days",
      price: 15000,
      currencyCode: "USD",
      volume: GB,
      duration: 7,
      durationUnit: "DAY",
      location: "US",
      locationCode: "US",
      speed: "4G/5G",
      unusedValidTime: 180,
      supportTopUpType: 2,
      locationNetworkList: [{
        locationName: "United States",
        operatorList: [{ operatorName: "T-Mobile" }, { operatorName: "AT&T" }],
      }],
    },
    {
      packageCode: "PEU3G30",
      slug: "EU-3_3_30",
      name: "Europe (3 countries) 3GB 30Days",
      price: 48500,
      currencyCode: "USD",
      volume: 3 * GB,
      duration: 30,
      durationUnit: "DAY",
      location: "DE,FR,GB",
      locationCode: "EU-3",
      speed: "4G",
      unusedValidTime: 30,
      supportTopUpType: 1,
      locationNetworkList: [
        { locationName: "Germany", operatorList: [{ operatorName: "Vodafone" }] },
        { locationName: "France", operatorList: [{ operatorName: "Orange" }] },
      ],
    },
    {
      packageCode: "GL1G7",
      slug: "GL_1_7",
      name: "Global 1GB 7Days",
      price: 91234,
      currencyCode: "USD",
      volume: GB,
      duration: 7,
      durationUnit: "DAY",
      location: "US,JP,DE,FR,GB",
      locationCode: "!GL",
      speed: "4G",
      unusedValidTime: 180,
      supportTopUpType: 2,
      locationNetworkList: [],
    },
  ];
}

/** The plans the adapter must make of the fake catalogue (for the shared case table). */
export const ESIM_ACCESS_EXPECTED_PLANS = [
  {
    id: "CKH491",
    name: "United States 1GB 7Days",
    countries: ["US"],
    kind: "country",
    dataBytes: GB,
    days: 7,
    speed: "4G/5G",
    networks: ["T-Mobile", "AT&T"],
    topUp: true,
    unusedValidDays: 180,
    costUsd: 1.5,
  },
  {
    id: "PEU3G30",
    name: "Europe (3 countries) 3GB 30Days",
    countries: ["DE", "FR", "GB"],
    kind: "region",
    dataBytes: 3 * GB,
    days: 30,
    speed: "4G",
    networks: ["Vodafone", "Orange"],
    topUp: false,
    unusedValidDays: 30,
    costUsd: 4.85,
  },
  {
    id: "GL1G7",
    name: "Global 1GB 7Days",
    countries: ["US", "JP", "DE", "FR", "GB"],
    kind: "global",
    dataBytes: GB,
    days: 7,
    speed: "4G",
    topUp: true,
    unusedValidDays: 180,
    costUsd: 9.1234,
  },
];

export interface EsimAccessFake extends FakeControls {
  /** Every request's headers and raw body, in order (for signature tests). */
  readonly requests: { path: string; headers: Headers; body: string }[];
}

/** Starts the fake on 127.0.0.1:0. */
export function startEsimAccessFake(): EsimAccessFake {
  const pkgs = new Map(catalogue().map((p) => [p.packageCode, p]));
  let balance = 1_000_000n; // 100 USD
  let profileDelay = 0;
  let seq = 0;
  const byTransaction = new Map<string, string>();
  const esims = new Map<string, Esim>(); // esimTranNo →
  const failures = new Failures();
  const requests: { path: string; headers: Headers; body: string }[] = [];

  const envelope = (obj: unknown) => json({ success: true, errorCode: null, errorMsg: null, obj });
  const fail = (code: string, msg: string) =>
    json({ success: false, errorCode: code, errorMsg: msg, obj: null });

  function profileJson(e: Esim) {
    return {
      esimTranNo: e.esimTranNo,
      orderNo: e.orderNo,
      transactionId: e.transactionId,
      imsi: "454006109846571",
      iccid: e.iccid,
      smsStatus: 0,
      dataType: 1,
      ac: `LPA:1$rsp.fake-esimaccess.test$${e.matchingId}`,
      qrCodeUrl: `https://p.qrsim.test/${e.esimTranNo}.png`,
      shortUrl: `https://p.qrsim.test/s/${e.esimTranNo}`,
      smdpStatus: e.smdpStatus,
      eid: e.smdpStatus === "RELEASED" ? "" : "89049032007108882600137544319616",
      activeType: 1,
      expiredTime: "2027-05-20T08:10:19+0000",
      totalVolume: e.volume,
      totalDuration: 7,
      durationUnit: "DAY",
      orderUsage: 0,
      esimStatus: e.esimStatus,
      apn: "fake.apn",
      packageList: [{ packageCode: e.packageCode, duration: 7, volume: e.volume }],
    };
  }

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const body = await req.text();
    requests.push({ path: url.pathname, headers: req.headers, body });
    if (req.method !== "POST") return fail("000103", "This https request method is not supported");
    const code = req.headers.get("RT-AccessCode");
    const rid = req.headers.get("RT-RequestID");
    const ts = req.headers.get("RT-Timestamp");
    const sig = req.headers.get("RT-Signature");
    if (!code || !rid || !ts || !sig) return fail("000101", "Request header (mandatory) is null");
    if (!/^\d{13}$/.test(ts)) return fail("000102", "Wrong request header format");
    if (Math.abs(Date.now() - Number(ts)) > 300_000) {
      return fail("101001", "The timestamp of the request has expired.");
    }
    const expected = toHex(
      hmac(
        sha256,
        new TextEncoder().encode(FAKE_SECRET_KEY),
        new TextEncoder().encode(ts + rid + code + body),
      ),
    );
    if (code !== FAKE_ACCESS_CODE || sig.toLowerCase() !== expected) {
      return fail("101003", "Request signature mismatch.");
    }
    const injected = await failures.take(
      '{"success":true,"obj":{"packageList":[{"packageCo',
      { success: true, errorCode: null, errorMsg: null, obj: { packageList: "none" } },
    );
    if (injected) return injected;
    let input: Record<string, unknown>;
    try {
      input = body === "" ? {} : JSON.parse(body);
    } catch {
      return fail("000104", "Request in invalid JSON format");
    }
    switch (url.pathname) {
      case "/api/v1/open/package/list": {
        const want = typeof input.packageCode === "string" && input.packageCode !== ""
          ? input.packageCode
          : null;
        const list = [...pkgs.values()].filter((p) => !want || p.packageCode === want);
        return envelope({ packageList: list });
      }
      case "/api/v1/open/esim/order": {
        const txId = input.transactionId;
        if (typeof txId !== "string" || txId === "" || txId.length > 50) {
          return fail("000106", "Request parameter (mandatory) is null");
        }
        const known = byTransaction.get(txId);
        if (known) return envelope({ orderNo: known });
        const items = input.packageInfoList as Record<string, unknown>[] | undefined;
        const item = items?.[0];
        if (!item || items!.length !== 1 || item.count !== 1) {
          return fail("200008", "Order parameters error");
        }
        const pkg = pkgs.get(String(item.packageCode));
        if (!pkg) return fail("310241", "The packageCode does not exist.");
        if (item.price !== undefined && item.price !== pkg.price) {
          return fail("200005", "Package price error. Check price.");
        }
        if (input.amount !== undefined && input.amount !== pkg.price) {
          return fail("200006", "Total order price amount is wrong. Check prices.");
        }
        if (balance < BigInt(pkg.price)) return fail("200007", "Insufficient account balance");
        balance -= BigInt(pkg.price);
        seq++;
        const orderNo = `B2611210000${String(seq).padStart(4, "0")}`;
        const esimTranNo = `2611210000${String(seq).padStart(4, "0")}`;
        esims.set(esimTranNo, {
          esimTranNo,
          orderNo,
          transactionId: txId,
          iccid: `8985224528000${String(seq).padStart(7, "0")}`,
          matchingId: `MATCH-A-${seq}`,
          packageCode: pkg.packageCode,
          price: pkg.price,
          pollsLeft: profileDelay,
          esimStatus: "GOT_RESOURCE",
          smdpStatus: "RELEASED",
          volume: pkg.volume,
        });
        byTransaction.set(txId, orderNo);
        return envelope({ orderNo });
      }
      case "/api/v1/open/esim/query": {
        const pager = input.pager as Record<string, unknown> | undefined;
        if (!pager || typeof pager.pageNum !== "number" || typeof pager.pageSize !== "number") {
          return fail("000105", "Request parameters (mandatory) are not contained");
        }
        const found = [...esims.values()].filter((e) =>
          (typeof input.orderNo === "string" && input.orderNo !== "" &&
            e.orderNo === input.orderNo) ||
          (typeof input.esimTranNo === "string" && input.esimTranNo !== "" &&
            e.esimTranNo === input.esimTranNo)
        );
        if (found.some((e) => e.pollsLeft > 0)) {
          for (const e of found) e.pollsLeft = Math.max(0, e.pollsLeft - 1);
          return fail("200010", "Profile is being downloaded for the order.");
        }
        return envelope({
          esimList: found.map(profileJson),
          pager: { pageNum: pager.pageNum, pageSize: pager.pageSize, total: found.length },
        });
      }
      case "/api/v1/open/esim/cancel": {
        const e = esims.get(String(input.esimTranNo ?? ""));
        if (!e) return fail("310243", "The package does not exist");
        if (e.esimStatus !== "GOT_RESOURCE" || e.smdpStatus !== "RELEASED") {
          return fail("200002", "This operation is not allowed due to the order status.");
        }
        e.esimStatus = "CANCEL";
        balance += BigInt(e.price);
        return envelope({});
      }
      case "/api/v1/open/balance/query":
        return envelope({ balance: Number(balance), lastUpdateTime: "2026-11-21T05:00:00+0000" });
      default:
        return json({ status: 404, error: "Not Found", path: url.pathname }, 404);
    }
  }

  const running = serve(handle);
  return {
    url: running.url,
    requests,
    setCostUsd(planId, usd) {
      const p = pkgs.get(planId);
      if (!p) throw new RangeError(`No package '${planId}'`);
      p.price = Number(usdUnits(usd, 4));
    },
    setBalanceUsd(usd) {
      balance = usdUnits(usd, 4);
    },
    failNext(mode: FailMode, count = 1) {
      failures.push(mode, count);
    },
    setProfileDelay(polls) {
      profileDelay = polls;
    },
    orderCount: () => esims.size,
    profileState(profileId) {
      const e = esims.get(profileId);
      if (!e) return undefined;
      if (e.esimStatus === "CANCEL") return "cancelled";
      return e.smdpStatus === "RELEASED" ? "released" : "installed";
    },
    install(profileId) {
      const e = esims.get(profileId);
      if (!e) throw new RangeError(`No profile '${profileId}'`);
      e.smdpStatus = "ENABLED";
      e.esimStatus = "IN_USE";
    },
    release: () => failures.release(),
    close: async () => {
      failures.release();
      await running.close();
    },
  };
}

/** The requests whose full answers `wire_snapshot_test.ts` pins (and `bench/` must not change). */
export const PAY_TO = "0x00000000000000000000000000000000000a11ce";

export interface WireCase {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const JSON_TYPE = { "content-type": "application/json" };

/** Through `serve` (kernel, rate limiter, paywall) with payments on. */
export const SERVE_CASES: WireCase[] = [
  {
    name: "unpaid 402",
    method: "POST",
    path: "/x402/fair-random",
    headers: JSON_TYPE,
    body: '{"seed":"bench"}',
  },
  {
    name: "unpaid 402, query string and charset",
    method: "POST",
    path: "/x402/fair-random?a=1",
    headers: { "content-type": "application/json; charset=utf-8" },
    body: '{"seed":"q"}',
  },
  {
    name: "unreadable payment 402",
    method: "POST",
    path: "/x402/fair-random",
    headers: { ...JSON_TYPE, "payment-signature": "not base64!" },
    body: '{"seed":"bench"}',
  },
  {
    name: "v1 payment of the wrong version 402",
    method: "POST",
    path: "/x402/fair-random",
    headers: { ...JSON_TYPE, "x-payment": "eyJ4NDAyVmVyc2lvbiI6M30=" },
    body: '{"seed":"bench"}',
  },
  {
    name: "bad input 400",
    method: "POST",
    path: "/x402/fair-random",
    headers: JSON_TYPE,
    body: '{"seed":1}',
  },
  {
    name: "not JSON 415",
    method: "POST",
    path: "/x402/fair-random",
    headers: { "content-type": "text/plain" },
    body: "hi",
  },
  { name: "wrong method 405", method: "GET", path: "/x402/fair-random" },
  { name: "preflight 204", method: "OPTIONS", path: "/x402/fair-random" },
  { name: "unknown path 404", method: "GET", path: "/nope" },
  { name: "health 200", method: "GET", path: "/healthz" },
  { name: "HEAD of a CORS route", method: "HEAD", path: "/x402/keys" },
];

/** Through `serve` with a limit of one request a minute per caller. */
export const LIMITED_CASES: WireCase[] = [
  {
    name: "first call 402",
    method: "POST",
    path: "/x402/fair-random",
    headers: JSON_TYPE,
    body: '{"seed":"x"}',
  },
  {
    name: "second call 429",
    method: "POST",
    path: "/x402/fair-random",
    headers: JSON_TYPE,
    body: '{"seed":"x"}',
  },
  {
    name: "unreadable payment over the limit 429",
    method: "POST",
    path: "/x402/fair-random",
    headers: { ...JSON_TYPE, "payment-signature": "%%" },
    body: '{"seed":"x"}',
  },
];

/** `handlePaid` alone behind a bare `Deno.serve`. */
export const PAYWALL_CASES: WireCase[] = [
  {
    name: "unpaid 402",
    method: "POST",
    path: "/x402/bench?q=1",
    headers: JSON_TYPE,
    body: '{"text":"a"}',
  },
  {
    name: "payment without a version 402",
    method: "POST",
    path: "/x402/bench",
    headers: { ...JSON_TYPE, "x-payment": "e30=" },
    body: '{"text":"a"}',
  },
];

/** A 429's seconds to wait depend on the clock (and so its length): replaced by markers. */
export function retryNormalised(raw: string): string {
  if (!/^retry-after: /im.test(raw)) return raw;
  return raw.replace(/^(retry-after): \d+$/gim, "$1: <s>")
    .replace(/retry in \d+ s/g, "retry in <s> s")
    .replace(/^(content-length): \d+$/gim, "$1: <n>");
}

/**
 * The exact bytes of answers on the paid path, as they leave the server: status line, every
 * header in order and letter case, body. Performance work on the kernel and the paywall must not
 * change any of them (only the date and the request id, which differ per request, are replaced
 * by markers, and a 429's seconds to wait). The expected texts were recorded from the server
 * before that work.
 */
import assert from "node:assert/strict";
import { startTestServer } from "../support/server.ts";
import { tempDir } from "../support/temp.ts";
import { normaliseRaw, rawExchange } from "../support/raw_http.ts";
import { handlePaid } from "../../src/x402/paywall.ts";
import { KvClaimStore } from "../../src/store/kv/claims.ts";
import { RemoteSettler } from "../../src/x402/settle_remote.ts";
import { Ed25519Signer } from "../../src/crypto/ed25519.ts";
import { ECHO_SERVICE } from "../../bench/_echo_service.ts";
import {
  LIMITED_CASES,
  PAY_TO,
  PAYWALL_CASES,
  retryNormalised,
  SERVE_CASES,
  type WireCase,
} from "./_wire_cases.ts";
import { roomInRateWindow } from "../support/rate_window.ts";

// Nothing here reaches the settler or the chain: no answer below involves a valid payment.
const DEAD = "http://127.0.0.1:9";

async function serveEnv(dir: string): Promise<Record<string, string>> {
  await Deno.writeTextFile(`${dir}/facilitator.key`, `0x${"11".repeat(32)}`);
  return {
    PAY_TO_EVM: PAY_TO,
    FACILITATOR_KEY_FILE: `${dir}/facilitator.key`,
    RPC_URL: DEAD,
    PUBLIC_URL: "https://api.example",
  };
}

async function exchangeAll(
  base: string,
  cases: WireCase[],
  normalise: (raw: string) => string = normaliseRaw,
): Promise<string[]> {
  const out: string[] = [];
  for (const c of cases) out.push(normalise(await rawExchange(`${base}${c.path}`, c)));
  return out;
}

function assertAnswers(got: string[], expected: string[], cases: WireCase[]) {
  cases.forEach((c, i) => assert.equal(got[i], expected[i], c.name));
}

Deno.test("serve: the 402s, errors and preflight of a paid route are byte for byte unchanged", async () => {
  await using dir = await tempDir();
  await using srv = await startTestServer(await serveEnv(dir.path));
  assertAnswers(await exchangeAll(srv.url, SERVE_CASES), SERVE_EXPECTED, SERVE_CASES);
});

Deno.test("serve: a rate-limited paid route answers 429 byte for byte as before", async () => {
  await using dir = await tempDir();
  await using srv = await startTestServer({ ...await serveEnv(dir.path), RATE_LIMIT_PER_MIN: "1" });
  await roomInRateWindow();
  const got = await exchangeAll(
    srv.url,
    LIMITED_CASES,
    (raw) => retryNormalised(normaliseRaw(raw)),
  );
  assertAnswers(got, LIMITED_EXPECTED, LIMITED_CASES);
});

Deno.test("handlePaid alone answers its 402s byte for byte as before", async () => {
  const kv = await Deno.openKv(":memory:");
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (req) =>
      handlePaid(ECHO_SERVICE, await req.json(), req, {
        payTo: PAY_TO,
        settler: new RemoteSettler({ url: DEAD }),
        claims: new KvClaimStore(kv),
        signer: Ed25519Signer.generate(),
        publicOrigin: "https://api.example",
      }),
  );
  try {
    const got = await exchangeAll(`http://127.0.0.1:${server.addr.port}`, PAYWALL_CASES);
    assertAnswers(got, PAYWALL_EXPECTED, PAYWALL_CASES);
  } finally {
    await server.shutdown();
    kv.close();
  }
});

Deno.test("serve: repeated 402s each carry their own request id, in the same place", async () => {
  await using dir = await tempDir();
  await using srv = await startTestServer(await serveEnv(dir.path));
  const c = SERVE_CASES[0]!;
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const raw = await rawExchange(`${srv.url}${c.path}`, c);
    ids.push(raw.match(/^x-request-id: (.*)$/m)![1]!.trim());
    assert.equal(normaliseRaw(raw), SERVE_EXPECTED[0]);
  }
  assert.equal(new Set(ids).size, 3, ids.join(" "));
  // Many at once, over several connections: every answer is whole (the template is only cloned).
  const burst = await Promise.all(
    Array.from({ length: 40 }, () => rawExchange(`${srv.url}${c.path}`, c)),
  );
  for (const raw of burst) assert.equal(normaliseRaw(raw), SERVE_EXPECTED[0]);
  const burstIds = burst.map((raw) => raw.match(/^x-request-id: (.*)$/m)![1]!.trim());
  assert.equal(new Set([...ids, ...burstIds]).size, 43);
});

Deno.test("serve: GET /x402/keys answers the same head and body every time", async () => {
  await using srv = await startTestServer();
  const answers: string[] = [];
  for (let i = 0; i < 3; i++) {
    answers.push(normaliseRaw(await rawExchange(`${srv.url}/x402/keys`, { method: "GET" })));
  }
  for (const a of answers) {
    const [head, body] = a.split("\r\n\r\n");
    assert.equal(head, KEYS_HEAD);
    assert.equal(body, answers[0]!.split("\r\n\r\n")[1]);
    assert.equal(new TextEncoder().encode(body).length, 520);
  }
});

Deno.test("serve: behind a trusted proxy, its request id is echoed in place on 402s and cached JSON answers", async () => {
  await using dir = await tempDir();
  await using srv = await startTestServer({ ...await serveEnv(dir.path), TRUST_PROXY: "1" });
  const dateless = (raw: string) => raw.replace(/^(date): .*$/gim, "$1: <date>");
  for (let i = 0; i < 2; i++) {
    const raw = await rawExchange(`${srv.url}/x402/fair-random`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-request-id": `proxy-${i}`,
        "x-forwarded-for": "203.0.113.9",
      },
      body: '{"seed":"bench"}',
    });
    assert.equal(dateless(raw), PROXY_EXPECTED[i]);
  }
  for (let i = 0; i < 2; i++) {
    const raw = await rawExchange(`${srv.url}/x402/keys`, {
      method: "GET",
      headers: { "x-request-id": `proxy-k${i}` },
    });
    assert.equal(dateless(raw).split("\r\n\r\n")[0], PROXY_EXPECTED[2 + i]);
  }
});

const PROXY_EXPECTED = [
  'HTTP/1.1 402 Payment Required\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nPAYMENT-REQUIRED: eyJ4NDAyVmVyc2lvbiI6MiwicmVzb3VyY2UiOnsidXJsIjoiaHR0cHM6Ly9hcGkuZXhhbXBsZS94NDAyL2ZhaXItcmFuZG9tIiwiZGVzY3JpcHRpb24iOiJWZXJpZmlhYmxlIHJhbmRvbSBieXRlcyAoRUNWUkYsIFJGQyA5MzgxKSBib3VuZCB0byB5b3VyIHNlZWQsIHdpdGggYSBwcm9vZiBhbnlvbmUgY2FuIGNoZWNrIG9mZmxpbmUiLCJtaW1lVHlwZSI6ImFwcGxpY2F0aW9uL2pzb24ifSwiYWNjZXB0cyI6W3sic2NoZW1lIjoiZXhhY3QiLCJuZXR3b3JrIjoiZWlwMTU1Ojg0NTMiLCJhbW91bnQiOiI2MDAwIiwiYXNzZXQiOiIweDgzMzU4OWZDRDZlRGI2RTA4ZjRjN0MzMkQ0ZjcxYjU0YmRBMDI5MTMiLCJwYXlUbyI6IjB4MDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDBhMTFjZSIsIm1heFRpbWVvdXRTZWNvbmRzIjozMDAsImV4dHJhIjp7Im5hbWUiOiJVU0QgQ29pbiIsInZlcnNpb24iOiIyIn19XX0=\r\nx-request-id: proxy-0\r\naccess-control-allow-origin: *\r\naccess-control-expose-headers: PAYMENT-REQUIRED, PAYMENT-RESPONSE\r\ncontent-length: 210\r\ndate: <date>\r\nconnection: close\r\n\r\n{"status":"error","service":"fair-random","error":{"code":"payment_required","message":"This endpoint is paid per call with x402: pay the terms in the PAYMENT-REQUIRED header and retry with PAYMENT-SIGNATURE"}}',
  'HTTP/1.1 402 Payment Required\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nPAYMENT-REQUIRED: eyJ4NDAyVmVyc2lvbiI6MiwicmVzb3VyY2UiOnsidXJsIjoiaHR0cHM6Ly9hcGkuZXhhbXBsZS94NDAyL2ZhaXItcmFuZG9tIiwiZGVzY3JpcHRpb24iOiJWZXJpZmlhYmxlIHJhbmRvbSBieXRlcyAoRUNWUkYsIFJGQyA5MzgxKSBib3VuZCB0byB5b3VyIHNlZWQsIHdpdGggYSBwcm9vZiBhbnlvbmUgY2FuIGNoZWNrIG9mZmxpbmUiLCJtaW1lVHlwZSI6ImFwcGxpY2F0aW9uL2pzb24ifSwiYWNjZXB0cyI6W3sic2NoZW1lIjoiZXhhY3QiLCJuZXR3b3JrIjoiZWlwMTU1Ojg0NTMiLCJhbW91bnQiOiI2MDAwIiwiYXNzZXQiOiIweDgzMzU4OWZDRDZlRGI2RTA4ZjRjN0MzMkQ0ZjcxYjU0YmRBMDI5MTMiLCJwYXlUbyI6IjB4MDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDBhMTFjZSIsIm1heFRpbWVvdXRTZWNvbmRzIjozMDAsImV4dHJhIjp7Im5hbWUiOiJVU0QgQ29pbiIsInZlcnNpb24iOiIyIn19XX0=\r\nx-request-id: proxy-1\r\naccess-control-allow-origin: *\r\naccess-control-expose-headers: PAYMENT-REQUIRED, PAYMENT-RESPONSE\r\ncontent-length: 210\r\ndate: <date>\r\nconnection: close\r\n\r\n{"status":"error","service":"fair-random","error":{"code":"payment_required","message":"This endpoint is paid per call with x402: pay the terms in the PAYMENT-REQUIRED header and retry with PAYMENT-SIGNATURE"}}',
  "HTTP/1.1 200 OK\r\ncontent-type: application/json; charset=utf-8\r\naccess-control-allow-origin: *\r\nx-request-id: proxy-k0\r\ncontent-length: 512\r\ndate: <date>\r\nconnection: close",
  "HTTP/1.1 200 OK\r\ncontent-type: application/json; charset=utf-8\r\naccess-control-allow-origin: *\r\nx-request-id: proxy-k1\r\ncontent-length: 512\r\ndate: <date>\r\nconnection: close",
];

const KEYS_HEAD =
  "HTTP/1.1 200 OK\r\ncontent-type: application/json; charset=utf-8\r\naccess-control-allow-origin: *\r\ncontent-length: 520\r\ndate: <date>\r\nconnection: close";

const SERVE_EXPECTED = [
  'HTTP/1.1 402 Payment Required\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nPAYMENT-REQUIRED: eyJ4NDAyVmVyc2lvbiI6MiwicmVzb3VyY2UiOnsidXJsIjoiaHR0cHM6Ly9hcGkuZXhhbXBsZS94NDAyL2ZhaXItcmFuZG9tIiwiZGVzY3JpcHRpb24iOiJWZXJpZmlhYmxlIHJhbmRvbSBieXRlcyAoRUNWUkYsIFJGQyA5MzgxKSBib3VuZCB0byB5b3VyIHNlZWQsIHdpdGggYSBwcm9vZiBhbnlvbmUgY2FuIGNoZWNrIG9mZmxpbmUiLCJtaW1lVHlwZSI6ImFwcGxpY2F0aW9uL2pzb24ifSwiYWNjZXB0cyI6W3sic2NoZW1lIjoiZXhhY3QiLCJuZXR3b3JrIjoiZWlwMTU1Ojg0NTMiLCJhbW91bnQiOiI2MDAwIiwiYXNzZXQiOiIweDgzMzU4OWZDRDZlRGI2RTA4ZjRjN0MzMkQ0ZjcxYjU0YmRBMDI5MTMiLCJwYXlUbyI6IjB4MDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDBhMTFjZSIsIm1heFRpbWVvdXRTZWNvbmRzIjozMDAsImV4dHJhIjp7Im5hbWUiOiJVU0QgQ29pbiIsInZlcnNpb24iOiIyIn19XX0=\r\nx-request-id: <request-id>\r\naccess-control-allow-origin: *\r\naccess-control-expose-headers: PAYMENT-REQUIRED, PAYMENT-RESPONSE\r\ncontent-length: 210\r\ndate: <date>\r\nconnection: close\r\n\r\n{"status":"error","service":"fair-random","error":{"code":"payment_required","message":"This endpoint is paid per call with x402: pay the terms in the PAYMENT-REQUIRED header and retry with PAYMENT-SIGNATURE"}}',
  'HTTP/1.1 402 Payment Required\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nPAYMENT-REQUIRED: eyJ4NDAyVmVyc2lvbiI6MiwicmVzb3VyY2UiOnsidXJsIjoiaHR0cHM6Ly9hcGkuZXhhbXBsZS94NDAyL2ZhaXItcmFuZG9tIiwiZGVzY3JpcHRpb24iOiJWZXJpZmlhYmxlIHJhbmRvbSBieXRlcyAoRUNWUkYsIFJGQyA5MzgxKSBib3VuZCB0byB5b3VyIHNlZWQsIHdpdGggYSBwcm9vZiBhbnlvbmUgY2FuIGNoZWNrIG9mZmxpbmUiLCJtaW1lVHlwZSI6ImFwcGxpY2F0aW9uL2pzb24ifSwiYWNjZXB0cyI6W3sic2NoZW1lIjoiZXhhY3QiLCJuZXR3b3JrIjoiZWlwMTU1Ojg0NTMiLCJhbW91bnQiOiI2MDAwIiwiYXNzZXQiOiIweDgzMzU4OWZDRDZlRGI2RTA4ZjRjN0MzMkQ0ZjcxYjU0YmRBMDI5MTMiLCJwYXlUbyI6IjB4MDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDBhMTFjZSIsIm1heFRpbWVvdXRTZWNvbmRzIjozMDAsImV4dHJhIjp7Im5hbWUiOiJVU0QgQ29pbiIsInZlcnNpb24iOiIyIn19XX0=\r\nx-request-id: <request-id>\r\naccess-control-allow-origin: *\r\naccess-control-expose-headers: PAYMENT-REQUIRED, PAYMENT-RESPONSE\r\ncontent-length: 210\r\ndate: <date>\r\nconnection: close\r\n\r\n{"status":"error","service":"fair-random","error":{"code":"payment_required","message":"This endpoint is paid per call with x402: pay the terms in the PAYMENT-REQUIRED header and retry with PAYMENT-SIGNATURE"}}',
  'HTTP/1.1 402 Payment Required\r\ncache-control: no-store\r\ncontent-type: application/json; charset=utf-8\r\npayment-required: eyJ4NDAyVmVyc2lvbiI6MiwiZXJyb3IiOiJpbnZhbGlkX3BheWxvYWQiLCJyZXNvdXJjZSI6eyJ1cmwiOiJodHRwczovL2FwaS5leGFtcGxlL3g0MDIvZmFpci1yYW5kb20iLCJkZXNjcmlwdGlvbiI6IlZlcmlmaWFibGUgcmFuZG9tIGJ5dGVzIChFQ1ZSRiwgUkZDIDkzODEpIGJvdW5kIHRvIHlvdXIgc2VlZCwgd2l0aCBhIHByb29mIGFueW9uZSBjYW4gY2hlY2sgb2ZmbGluZSIsIm1pbWVUeXBlIjoiYXBwbGljYXRpb24vanNvbiJ9LCJhY2NlcHRzIjpbeyJzY2hlbWUiOiJleGFjdCIsIm5ldHdvcmsiOiJlaXAxNTU6ODQ1MyIsImFtb3VudCI6IjYwMDAiLCJhc3NldCI6IjB4ODMzNTg5ZkNENmVEYjZFMDhmNGM3QzMyRDRmNzFiNTRiZEEwMjkxMyIsInBheVRvIjoiMHgwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMGExMWNlIiwibWF4VGltZW91dFNlY29uZHMiOjMwMCwiZXh0cmEiOnsibmFtZSI6IlVTRCBDb2luIiwidmVyc2lvbiI6IjIifX1dfQ==\r\nx-request-id: <request-id>\r\naccess-control-allow-origin: *\r\naccess-control-expose-headers: PAYMENT-REQUIRED, PAYMENT-RESPONSE\r\ncontent-length: 149\r\ndate: <date>\r\nconnection: close\r\n\r\n{"status":"error","service":"fair-random","error":{"code":"payment_invalid","message":"The payment header is not base64","reason":"invalid_payload"}}',
  'HTTP/1.1 402 Payment Required\r\ncache-control: no-store\r\ncontent-type: application/json; charset=utf-8\r\npayment-required: eyJ4NDAyVmVyc2lvbiI6MiwiZXJyb3IiOiJpbnZhbGlkX3g0MDJfdmVyc2lvbiIsInJlc291cmNlIjp7InVybCI6Imh0dHBzOi8vYXBpLmV4YW1wbGUveDQwMi9mYWlyLXJhbmRvbSIsImRlc2NyaXB0aW9uIjoiVmVyaWZpYWJsZSByYW5kb20gYnl0ZXMgKEVDVlJGLCBSRkMgOTM4MSkgYm91bmQgdG8geW91ciBzZWVkLCB3aXRoIGEgcHJvb2YgYW55b25lIGNhbiBjaGVjayBvZmZsaW5lIiwibWltZVR5cGUiOiJhcHBsaWNhdGlvbi9qc29uIn0sImFjY2VwdHMiOlt7InNjaGVtZSI6ImV4YWN0IiwibmV0d29yayI6ImVpcDE1NTo4NDUzIiwiYW1vdW50IjoiNjAwMCIsImFzc2V0IjoiMHg4MzM1ODlmQ0Q2ZURiNkUwOGY0YzdDMzJENGY3MWI1NGJkQTAyOTEzIiwicGF5VG8iOiIweDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwYTExY2UiLCJtYXhUaW1lb3V0U2Vjb25kcyI6MzAwLCJleHRyYSI6eyJuYW1lIjoiVVNEIENvaW4iLCJ2ZXJzaW9uIjoiMiJ9fV19\r\nx-request-id: <request-id>\r\naccess-control-allow-origin: *\r\naccess-control-expose-headers: PAYMENT-REQUIRED, PAYMENT-RESPONSE\r\ncontent-length: 189\r\ndate: <date>\r\nconnection: close\r\n\r\n{"status":"error","service":"fair-random","error":{"code":"payment_invalid","message":"x402Version 3 is not supported; send 2 (or 1)","field":"x402Version","reason":"invalid_x402_version"}}',
  'HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\nx-request-id: <request-id>\r\naccess-control-allow-origin: *\r\naccess-control-expose-headers: PAYMENT-REQUIRED, PAYMENT-RESPONSE\r\ncontent-length: 158\r\ndate: <date>\r\nconnection: close\r\n\r\n{"status":"error","service":"fair-random","error":{"code":"invalid_input","message":"\'seed\' must be a string of at most 4096 bytes in UTF-8.","field":"seed"}}',
  'HTTP/1.1 415 Unsupported Media Type\r\ncontent-type: application/json; charset=utf-8\r\nx-request-id: <request-id>\r\naccess-control-allow-origin: *\r\naccess-control-expose-headers: PAYMENT-REQUIRED, PAYMENT-RESPONSE\r\ncontent-length: 189\r\ndate: <date>\r\nconnection: close\r\n\r\n{"status":"error","service":"fair-random","error":{"code":"invalid_input","message":"Send the body as JSON with \'Content-Type: application/json\' (got \'text/plain\')","field":"content-type"}}',
  'HTTP/1.1 405 Method Not Allowed\r\nallow: POST, OPTIONS\r\ncontent-type: application/json; charset=utf-8\r\nx-request-id: <request-id>\r\ncontent-length: 125\r\ndate: <date>\r\nconnection: close\r\n\r\n{"status":"error","service":"fair-random","error":{"code":"method_not_allowed","message":"Use POST or OPTIONS on this path"}}',
  "HTTP/1.1 204 No Content\r\naccess-control-allow-headers: Content-Type, PAYMENT-SIGNATURE, X-PAYMENT, Content-Type, Access-Control-Expose-Headers\r\naccess-control-allow-methods: POST, OPTIONS\r\naccess-control-allow-origin: *\r\naccess-control-expose-headers: PAYMENT-REQUIRED, PAYMENT-RESPONSE\r\naccess-control-max-age: 600\r\ndate: <date>\r\nconnection: close\r\n\r\n",
  'HTTP/1.1 404 Not Found\r\ncontent-type: application/json; charset=utf-8\r\nx-request-id: <request-id>\r\ncontent-length: 77\r\ndate: <date>\r\nconnection: close\r\n\r\n{"success":false,"error":{"code":"not_found","message":"No route for /nope"}}',
  'HTTP/1.1 200 OK\r\ncontent-type: application/json; charset=utf-8\r\ncache-control: no-store\r\ncontent-length: 103\r\ndate: <date>\r\nconnection: close\r\n\r\n{"status":"ok","version":"0.1.0","uptime_s":0,"payments_configured":true,"demo_mode":true,"store":"ok"}',
  "HTTP/1.1 200 OK\r\naccess-control-allow-origin: *\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: 0\r\ndate: <date>\r\nconnection: close\r\n\r\n",
];

const LIMITED_EXPECTED = [
  'HTTP/1.1 402 Payment Required\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nPAYMENT-REQUIRED: eyJ4NDAyVmVyc2lvbiI6MiwicmVzb3VyY2UiOnsidXJsIjoiaHR0cHM6Ly9hcGkuZXhhbXBsZS94NDAyL2ZhaXItcmFuZG9tIiwiZGVzY3JpcHRpb24iOiJWZXJpZmlhYmxlIHJhbmRvbSBieXRlcyAoRUNWUkYsIFJGQyA5MzgxKSBib3VuZCB0byB5b3VyIHNlZWQsIHdpdGggYSBwcm9vZiBhbnlvbmUgY2FuIGNoZWNrIG9mZmxpbmUiLCJtaW1lVHlwZSI6ImFwcGxpY2F0aW9uL2pzb24ifSwiYWNjZXB0cyI6W3sic2NoZW1lIjoiZXhhY3QiLCJuZXR3b3JrIjoiZWlwMTU1Ojg0NTMiLCJhbW91bnQiOiI2MDAwIiwiYXNzZXQiOiIweDgzMzU4OWZDRDZlRGI2RTA4ZjRjN0MzMkQ0ZjcxYjU0YmRBMDI5MTMiLCJwYXlUbyI6IjB4MDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDBhMTFjZSIsIm1heFRpbWVvdXRTZWNvbmRzIjozMDAsImV4dHJhIjp7Im5hbWUiOiJVU0QgQ29pbiIsInZlcnNpb24iOiIyIn19XX0=\r\nx-request-id: <request-id>\r\naccess-control-allow-origin: *\r\naccess-control-expose-headers: PAYMENT-REQUIRED, PAYMENT-RESPONSE\r\ncontent-length: 210\r\ndate: <date>\r\nconnection: close\r\n\r\n{"status":"error","service":"fair-random","error":{"code":"payment_required","message":"This endpoint is paid per call with x402: pay the terms in the PAYMENT-REQUIRED header and retry with PAYMENT-SIGNATURE"}}',
  'HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json; charset=utf-8\r\nretry-after: <s>\r\nx-request-id: <request-id>\r\naccess-control-allow-origin: *\r\naccess-control-expose-headers: PAYMENT-REQUIRED, PAYMENT-RESPONSE\r\ncontent-length: <n>\r\ndate: <date>\r\nconnection: close\r\n\r\n{"status":"error","service":"fair-random","error":{"code":"rate_limited","message":"Too many requests; retry in <s> s"}}',
  'HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json; charset=utf-8\r\nretry-after: <s>\r\nx-request-id: <request-id>\r\naccess-control-allow-origin: *\r\naccess-control-expose-headers: PAYMENT-REQUIRED, PAYMENT-RESPONSE\r\ncontent-length: <n>\r\ndate: <date>\r\nconnection: close\r\n\r\n{"status":"error","service":"fair-random","error":{"code":"rate_limited","message":"Too many requests; retry in <s> s"}}',
];

const PAYWALL_EXPECTED = [
  'HTTP/1.1 402 Payment Required\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nPAYMENT-REQUIRED: eyJ4NDAyVmVyc2lvbiI6MiwicmVzb3VyY2UiOnsidXJsIjoiaHR0cHM6Ly9hcGkuZXhhbXBsZS94NDAyL2JlbmNoIiwiZGVzY3JpcHRpb24iOiJiZW5jaCIsIm1pbWVUeXBlIjoiYXBwbGljYXRpb24vanNvbiJ9LCJhY2NlcHRzIjpbeyJzY2hlbWUiOiJleGFjdCIsIm5ldHdvcmsiOiJlaXAxNTU6ODQ1MyIsImFtb3VudCI6IjEwMDAiLCJhc3NldCI6IjB4ODMzNTg5ZkNENmVEYjZFMDhmNGM3QzMyRDRmNzFiNTRiZEEwMjkxMyIsInBheVRvIjoiMHgwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMGExMWNlIiwibWF4VGltZW91dFNlY29uZHMiOjMwMCwiZXh0cmEiOnsibmFtZSI6IlVTRCBDb2luIiwidmVyc2lvbiI6IjIifX1dfQ==\r\ncontent-length: 204\r\ndate: <date>\r\nconnection: close\r\n\r\n{"status":"error","service":"bench","error":{"code":"payment_required","message":"This endpoint is paid per call with x402: pay the terms in the PAYMENT-REQUIRED header and retry with PAYMENT-SIGNATURE"}}',
  'HTTP/1.1 402 Payment Required\r\ncache-control: no-store\r\ncontent-type: application/json; charset=utf-8\r\npayment-required: eyJ4NDAyVmVyc2lvbiI6MiwiZXJyb3IiOiJpbnZhbGlkX3g0MDJfdmVyc2lvbiIsInJlc291cmNlIjp7InVybCI6Imh0dHBzOi8vYXBpLmV4YW1wbGUveDQwMi9iZW5jaCIsImRlc2NyaXB0aW9uIjoiYmVuY2giLCJtaW1lVHlwZSI6ImFwcGxpY2F0aW9uL2pzb24ifSwiYWNjZXB0cyI6W3sic2NoZW1lIjoiZXhhY3QiLCJuZXR3b3JrIjoiZWlwMTU1Ojg0NTMiLCJhbW91bnQiOiIxMDAwIiwiYXNzZXQiOiIweDgzMzU4OWZDRDZlRGI2RTA4ZjRjN0MzMkQ0ZjcxYjU0YmRBMDI5MTMiLCJwYXlUbyI6IjB4MDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDBhMTFjZSIsIm1heFRpbWVvdXRTZWNvbmRzIjozMDAsImV4dHJhIjp7Im5hbWUiOiJVU0QgQ29pbiIsInZlcnNpb24iOiIyIn19XX0=\r\ncontent-length: 191\r\ndate: <date>\r\nconnection: close\r\n\r\n{"status":"error","service":"bench","error":{"code":"payment_invalid","message":"x402Version (missing) is not supported; send 2 (or 1)","field":"x402Version","reason":"invalid_x402_version"}}',
];

/**
 * Per-route body limits (issue: every route read up to 2 MiB, so a junk body cost up to
 * hundreds of milliseconds even when the answer was a refusal) and the order of the supplier
 * receiver's checks (issue: an unsigned large body got 413, not 401).
 */
import assert from "node:assert/strict";
import { startTestServer } from "../support/server.ts";
import { errorOf, startReceiver } from "../rails/_helpers.ts";
import { bodyLimit } from "../../src/server/routes.ts";

async function post(url: string, body: string) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  return { status: res.status, body: await res.json() };
}

/** A valid-JSON body of about `bytes` bytes with many keys (the expensive kind to parse). */
function manyKeys(bytes: number): string {
  const parts: string[] = [];
  let size = 2;
  for (let i = 0; size < bytes; i++) {
    const part = `"k${i}":${i}`;
    parts.push(part);
    size += part.length + 1;
  }
  return `{${parts.join(",")}}`;
}

Deno.test("free routes and status refuse a body over MAX_SMALL_BODY_BYTES with 413 before parsing it", async () => {
  await using server = await startTestServer({});
  const big = manyKeys(20 * 1024);
  for (const path of ["/status", "/quote", "/order", "/x402/fair-random", "/x402/x402-check"]) {
    const r = await post(`${server.url}${path}`, big);
    assert.equal(r.status, 413, `${path}: ${JSON.stringify(r.body)}`);
  }
  // Within the limit the same routes read the body and answer on its content.
  const small = await post(`${server.url}/status`, manyKeys(4 * 1024));
  assert.equal(small.status, 400);
});

Deno.test("the small-body limit follows MAX_SMALL_BODY_BYTES", async () => {
  await using server = await startTestServer({ MAX_SMALL_BODY_BYTES: "65536" });
  const r = await post(`${server.url}/status`, manyKeys(20 * 1024));
  assert.equal(r.status, 400, "read and refused on its content, not its size");
});

Deno.test("firewall-scan and mcp-diff take bodies sized for 500 tools", async () => {
  await using server = await startTestServer({});
  // 500 tools with a 2 KB description each: about 1.1 MB.
  const tools = Array.from({ length: 500 }, (_, i) => ({
    name: `tool_${i}`,
    description: "d".repeat(2000),
    inputSchema: { type: "object" },
  }));
  const scan = await post(`${server.url}/x402/firewall-scan`, JSON.stringify({ tools }));
  assert.notEqual(scan.status, 413, JSON.stringify(scan.body).slice(0, 200));
  const diff = await post(
    `${server.url}/x402/mcp-diff`,
    JSON.stringify({ approved: tools, current: tools }),
  );
  assert.notEqual(diff.status, 413, JSON.stringify(diff.body).slice(0, 200));
  assert.equal(bodyLimit("mcp-diff", 2 << 20, 16 << 10), 4 << 20);
  assert.equal(bodyLimit("firewall-scan", 2 << 20, 16 << 10), 2 << 20);
  assert.equal(bodyLimit("fair-random", 2 << 20, 16 << 10), 16 << 10);
});

Deno.test("receiver: a large body with a malformed signature is 401 before its size is looked at", async () => {
  const rx = await startReceiver({ maxBodyBytes: 1024 });
  try {
    const res = await fetch(`${rx.url}/orders`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-kit-timestamp": String(rx.clock.now()),
        "x-kit-signature": "not-a-signature",
      },
      body: JSON.stringify({ pad: "x".repeat(4096) }),
    });
    const body = await res.json();
    assert.equal(res.status, 401);
    assert.equal(errorOf(body).code, "unauthorized");
  } finally {
    await rx.close();
  }
});

Deno.test("receiver: a well-formed but wrong signature on a large body is 413 (the HMAC covers the body)", async () => {
  const rx = await startReceiver({ maxBodyBytes: 1024 });
  try {
    const res = await fetch(`${rx.url}/orders`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-kit-timestamp": String(rx.clock.now()),
        "x-kit-signature": `v1=${"0".repeat(64)}`,
      },
      body: JSON.stringify({ pad: "x".repeat(4096) }),
    });
    const body = await res.json();
    assert.equal(res.status, 413);
    assert.equal(errorOf(body).code, "payload_too_large");
  } finally {
    await rx.close();
  }
});

import assert from "node:assert/strict";
import { AccessLog } from "../../src/http/access_log.ts";
import type { Route } from "../../src/http/types.ts";
import { serveApp } from "../support/app.ts";

Deno.test("access log writes one JSON line per request without query strings or headers", async () => {
  const written: string[] = [];
  const log = new AccessLog((t) => written.push(t));
  const routes: Route[] = [{
    method: "POST",
    path: "/x402/echo",
    errors: { kind: "api", service: "echo" },
    handler: async (ctx) => ctx.send({ got: await ctx.json() }),
  }];
  {
    await using s = serveApp({ routes, maxBodyBytes: 1024, accessLog: log });
    const res = await fetch(`${s.url}/x402/echo?token=SECRET-QUERY`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "payment-signature": "PAYMENT-SECRET",
        authorization: "Bearer AUTH-SECRET",
      },
      body: JSON.stringify({ activation_code: "LPA:1$smdp.example$BODY-SECRET" }),
    });
    await res.body?.cancel();
    const weird = await fetch(`${s.url}/a"b\\c`);
    await weird.body?.cancel();
  }
  log.flush();
  const lines = written.join("").trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(lines.length, 2);
  assert.deepEqual([lines[0].method, lines[0].path, lines[0].status, lines[0].ip], [
    "POST",
    "/x402/echo",
    200,
    "127.0.0.1",
  ]);
  assert.match(lines[0].t, /^\d{4}-\d\d-\d\dT/);
  assert.equal(lines[1].status, 404);
  const text = written.join("");
  for (const secret of ["SECRET-QUERY", "PAYMENT-SECRET", "AUTH-SECRET", "BODY-SECRET"]) {
    assert.equal(text.includes(secret), false, `${secret} must not be logged`);
  }
});

/** Bad input to firewall-scan and mcp-diff is a 400 naming the field, never a 500. */
import { deepStrictEqual as assertEquals, ok as assert, throws } from "node:assert/strict";
import { HttpError } from "../../src/http/errors.ts";
import { firewallScanService, mcpDiffService } from "../../src/security/service.ts";
import { LIMITS } from "../../src/security/parse.ts";

function fieldOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (err) {
    assert(err instanceof HttpError, `not an HttpError: ${err}`);
    assertEquals([err.status, err.code], [400, "invalid_input"]);
    assert(err.message.length > 0);
    return err.field;
  }
  throw new Error("expected a 400");
}

const scan = (body: unknown) => () => firewallScanService.parse(body);
const diff = (body: unknown) => () => mcpDiffService.parse(body);

function nested(depth: number): unknown {
  let v: unknown = "leaf";
  for (let i = 0; i < depth; i++) v = { x: v };
  return v;
}

Deno.test("firewall-scan parse: missing tools is 400 naming tools", () => {
  assertEquals(fieldOf(scan({})), "tools");
  assertEquals(fieldOf(scan(null)), "tools");
  assertEquals(fieldOf(scan([])), "tools");
});

Deno.test("firewall-scan parse: tools that is not an array is 400 naming tools", () => {
  assertEquals(fieldOf(scan({ tools: { name: "x" } })), "tools");
  assertEquals(fieldOf(scan({ tools: "x" })), "tools");
});

Deno.test("firewall-scan parse: 501 tools is 400 naming tools; 500 is accepted", () => {
  const tools = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `t${i}` }));
  assertEquals(fieldOf(scan({ tools: tools(501) })), "tools");
  assertEquals(firewallScanService.parse({ tools: tools(500) }).tools.length, 500);
});

Deno.test("firewall-scan parse: a non-string or empty name is 400 naming it", () => {
  assertEquals(fieldOf(scan({ tools: [{ name: "ok" }, { name: 7 }] })), "tools[1].name");
  assertEquals(fieldOf(scan({ tools: [{}] })), "tools[0].name");
  assertEquals(fieldOf(scan({ tools: [{ name: "" }] })), "tools[0].name");
  assertEquals(fieldOf(scan({ tools: ["read_file"] })), "tools[0]");
});

Deno.test("firewall-scan parse: wrong types of description and inputSchema are 400", () => {
  assertEquals(fieldOf(scan({ tools: [{ name: "a", description: 1 }] })), "tools[0].description");
  assertEquals(fieldOf(scan({ tools: [{ name: "a", inputSchema: [] }] })), "tools[0].inputSchema");
  assertEquals(fieldOf(scan({ tools: [{ name: "a" }], server: "x" })), "server");
});

Deno.test("firewall-scan parse: nesting deeper than the cap is 400 naming the path", () => {
  const ok = { tools: [{ name: "a", inputSchema: nested(LIMITS.maxDepth - 2) }] };
  firewallScanService.parse(ok);
  const field = fieldOf(scan({ tools: [{ name: "a", inputSchema: nested(LIMITS.maxDepth + 5) }] }));
  assert(field?.startsWith("tools[0].inputSchema.x.x"), field);
});

Deno.test("firewall-scan parse: a huge string is 400 naming it; too much text names tools", () => {
  const big = "a".repeat(LIMITS.maxString + 1);
  assertEquals(fieldOf(scan({ tools: [{ name: "a", description: big }] })), "tools[0].description");
  const keyField = fieldOf(
    scan({ tools: [{ name: "a", inputSchema: { properties: { [big]: {} } } }] }),
  );
  assertEquals(
    keyField,
    `tools[0].inputSchema.properties[${JSON.stringify("a".repeat(64) + "…")}]`,
  );
  const chunk = "b".repeat(LIMITS.maxString);
  const many = Array.from({ length: 40 }, (_, i) => ({ name: `t${i}`, description: chunk }));
  assertEquals(fieldOf(scan({ tools: many })), "tools");
});

Deno.test("mcp-diff parse: missing old or new is 400 naming it", () => {
  assertEquals(fieldOf(diff({ new: [] })), "old");
  assertEquals(fieldOf(diff({ old: [] })), "new");
  assertEquals(fieldOf(diff("x")), "old");
});

Deno.test("mcp-diff parse: accepts a list or {tools}; names fields inside either", () => {
  assertEquals(mcpDiffService.parse({ old: [{ name: "a" }], new: { tools: [] } }), {
    old: [{ name: "a" }],
    new: [],
  });
  assertEquals(fieldOf(diff({ old: [], new: { tools: [{ name: 1 }] } })), "new.tools[0].name");
  assertEquals(fieldOf(diff({ old: { tools: 3 }, new: [] })), "old.tools");
  assertEquals(fieldOf(diff({ old: 5, new: [] })), "old");
  const tools = Array.from({ length: 501 }, (_, i) => ({ name: `t${i}` }));
  assertEquals(fieldOf(diff({ old: [], new: tools })), "new");
});

Deno.test("parse errors are HttpErrors, never other exceptions, for odd JSON values", () => {
  for (const body of [0, true, "tools", [[]], { tools: [null] }, { tools: [[1]] }]) {
    throws(() => firewallScanService.parse(body), HttpError);
  }
});

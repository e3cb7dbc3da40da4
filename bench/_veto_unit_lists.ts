/**
 * One-off: turns a dump of every tool list the firewall unit tests scanned (one JSON list per
 * line, from an instrumented run of tests/security) into veto training data: each distinct list
 * of at most 8,000 characters that shares no tool with an evaluation case, a real server or a unit fixture, labelled by the
 * verdict of the rules and the model without the veto (the verdicts the unit tests assert).
 *
 *   deno run -A bench/_veto_unit_lists.ts DUMP.jsonl > bench/data/veto_unit_lists.json
 */
import { scanTools, type Tool } from "../src/security/scan.ts";

const canon = (t: unknown) => JSON.stringify(t);
const excluded = new Set<string>();
const addAll = (tools: unknown[]) => tools.forEach((t) => excluded.add(canon(t)));
for (const dir of ["bench/data/firewall_eval/", "bench/data/mcp_servers/"]) {
  for (const e of Deno.readDirSync(dir)) {
    if (!e.name.endsWith(".json")) continue;
    const d = JSON.parse(Deno.readTextFileSync(dir + e.name));
    if (Array.isArray(d)) d.forEach((c: { tools: unknown[] }) => addAll(c.tools));
    else addAll(d.tools);
  }
}
for (const e of Deno.readDirSync("tests/security/fixtures/")) {
  if (!e.name.endsWith(".json")) continue;
  const d = JSON.parse(Deno.readTextFileSync("tests/security/fixtures/" + e.name));
  addAll(Array.isArray(d) ? d : d.tools ?? []);
}

const seen = new Set<string>();
const out: { label: "attack" | "benign"; tools: Tool[] }[] = [];
let skipped = 0;
for (const line of Deno.readTextFileSync(Deno.args[0]!).split("\n")) {
  if (line === "" || seen.has(line)) continue;
  seen.add(line);
  // Size tests (megabyte strings, hundreds of tools) teach no wording.
  if (line.length > 8000) continue;
  const tools = JSON.parse(line) as Tool[];
  if (!Array.isArray(tools) || tools.length === 0 || tools.length > 8) continue;
  if (tools.some((t) => excluded.has(canon(t)))) {
    skipped++;
    continue;
  }
  const blocked = !scanTools(tools, { veto: false }).allow;
  out.push({ label: blocked ? "attack" : "benign", tools });
}
console.error(
  `${out.length} lists (${
    out.filter((o) => o.label === "attack").length
  } blocked), ${skipped} skipped`,
);
console.log(JSON.stringify(out));

/**
 * `deno compile` embeds only the module graph it can see: a worker started from a URL must be
 * listed with `--include` in the `compile` task, or the binary fails when it first starts one.
 */
import { ok as assert } from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url);

function* sources(dir: URL): Generator<URL> {
  for (const e of Deno.readDirSync(dir)) {
    const u = new URL(e.name + (e.isDirectory ? "/" : ""), dir);
    if (e.isDirectory) yield* sources(u);
    else if (e.name.endsWith(".ts")) yield u;
  }
}

Deno.test("the compile task includes every worker module the server starts", () => {
  const task = JSON.parse(Deno.readTextFileSync(new URL("deno.json", ROOT))).tasks.compile;
  const workers: string[] = [];
  for (const file of sources(new URL("src/", ROOT))) {
    const text = Deno.readTextFileSync(file);
    for (const m of text.matchAll(/new Worker\(new URL\("([^"]+)", import\.meta\.url\)/g)) {
      workers.push(new URL(m[1]!, file).href.slice(ROOT.href.length));
    }
  }
  assert(workers.length >= 2, `found ${workers.join(", ")}`);
  for (const w of workers) assert(task.includes(`--include ${w}`), `compile task lacks ${w}`);
});

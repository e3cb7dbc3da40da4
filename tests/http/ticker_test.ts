/**
 * `every` (src/http/ticker.ts), the periodic timer the server arms at start instead of
 * `setInterval`: it ticks until stopped, and once stopped it no longer keeps the process alive
 * (checked in a process of its own, which must end by itself).
 */
import assert from "node:assert/strict";
import { every } from "../../src/http/ticker.ts";

Deno.test("every() ticks again and again until stopped", async () => {
  const ticks: number[] = [];
  const third = Promise.withResolvers<void>();
  const ticker = every(5, () => {
    ticks.push(ticks.length + 1);
    if (ticks.length === 3) third.resolve();
  });
  await third.promise;
  ticker.stop();
  assert.equal(ticks.length, 3);
});

Deno.test("a stopped ticker lets the process end by itself", async () => {
  const mod = JSON.stringify(new URL("../../src/http/ticker.ts", import.meta.url).href);
  const run = async (stopAt: number) =>
    await new Deno.Command(Deno.execPath(), {
      args: [
        "eval",
        "--quiet",
        `import { every } from ${mod};
         let n = 0;
         const t = every(5, () => { n++; console.log(n); if (n === ${stopAt}) t.stop(); });`,
      ],
      stdout: "piped",
      stderr: "piped",
      // A ticker that stop() did not release would keep the process alive: the deadline ends it.
      signal: AbortSignal.timeout(30_000),
    }).output();
  const stopped = await run(3);
  assert.equal(stopped.code, 0, new TextDecoder().decode(stopped.stderr));
  assert.equal(new TextDecoder().decode(stopped.stdout).trim(), "1\n2\n3");
});

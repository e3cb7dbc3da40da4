/**
 * EMFILE: when accepting fails because the process has no descriptors left, the server logs it
 * (once per interval, not once per failure), keeps its listener and serves again as soon as
 * descriptors are freed. `Deno.serve` ended its accept loop with an uncaught rejection here,
 * and the process exited.
 */
import assert from "node:assert/strict";
import { type HeldConnection, hold } from "./_conns.ts";

const CHILD = new URL("./_emfile_child.ts", import.meta.url).pathname;

Deno.test("an accept loop out of descriptors (EMFILE) survives, logs once per interval and serves again", async () => {
  const child = new Deno.Command("bash", {
    args: ["-c", `ulimit -n 128 && exec "$0" run -A --quiet "$1"`, Deno.execPath(), CHILD],
    stdout: "piped",
    stderr: "piped",
    stdin: "null",
  }).spawn();
  let exited = false;
  const status = child.status.then((s) => (exited = true, s));
  const stderr = new Response(child.stderr).text();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const held: HeldConnection[] = [];
  try {
    let out = "";
    while (!/PORT \d+/.test(out)) {
      const { value, done } = await reader.read();
      if (done) throw new Error("child exited before listening");
      out += value;
    }
    const port = Number(out.match(/PORT (\d+)/)![1]);
    // 200 idle connections against 128 descriptors: accepting fails with EMFILE on the way.
    for (let i = 0; i < 200; i++) held.push(await hold(port, "idle"));
    await Promise.all(held.map((h) => h.closed));
    if (exited) throw new Error(`the server died: ${await stderr}`);
    const res = await fetch(`http://127.0.0.1:${port}/`);
    assert.equal(await res.text(), "ok");
    assert.equal(exited, false);
  } finally {
    for (const h of held) h.close();
    if (!exited) child.kill("SIGTERM");
    await status;
    await reader.cancel().catch(() => {});
  }
  const log = await stderr;
  const reports = log.split("\n").filter((l) => l.includes("accept failed"));
  assert.ok(reports.length >= 1, `EMFILE was reported: ${log}`);
  assert.ok(reports.length <= 3, `reported at most once per interval, got ${reports.length}`);
  assert.match(reports[0]!, /Too many open files/);
});

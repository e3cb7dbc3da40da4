/**
 * `esim-rails dev`: the sandbox starts, every command it prints runs as printed (through a bash
 * alias, as the printed hint says) and succeeds: each paid endpoint is paid on the local chain,
 * an eSIM is bought and its receipt verifies. One SIGINT stops everything (the chain too), and
 * the runtime lockfile is left as it was. Without anvil, dev refuses with a clear message.
 */
import assert from "node:assert/strict";
import { runCli } from "../support/process.ts";
import { tempDir } from "../support/temp.ts";

const ROOT = new URL("../../", import.meta.url);
const MAIN = new URL("main.ts", ROOT).pathname;

Deno.test("esim-rails dev: every printed command works as printed, and one SIGINT stops everything", async () => {
  await using dir = await tempDir();
  const lockBefore = await Deno.readTextFile(new URL("deno.lock", ROOT));
  const dev = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", MAIN, "dev", "--port", "0", "--dir", `${dir.path}/sandbox`],
    cwd: dir.path,
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const reader = dev.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  let stopped = false;
  try {
    while (!out.includes("Ctrl-C stops everything.")) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`dev exited early:\n${out}`);
      out += value;
    }
    const alias = /alias esim-rails='([^']+)'/.exec(out)?.[1];
    assert.ok(alias, out);
    const rpcUrl = /chain {5}(http:\/\/\S+)/.exec(out)?.[1];
    assert.ok(rpcUrl, out);
    // Everything before the live-data group runs offline; live data needs the public services.
    const offline = out.split("\nLive data:")[0]!;
    assert.match(out, /\nLive data: .*internet/, "live-data calls are printed apart");
    const commands = offline.split("\n").filter((l) => l.startsWith("  esim-rails ")).map((l) =>
      l.trim()
    );
    const calls = commands.filter((c) => c.startsWith("esim-rails call "));
    assert.ok(calls.length >= 5, `paid endpoints and the order: ${commands.join("\n")}`);
    assert.ok(calls.some((c) => c.includes("/order ")), "an eSIM purchase is printed");
    for (const line of commands) {
      const r = await new Deno.Command("bash", {
        args: ["-c", `shopt -s expand_aliases\nalias esim-rails='${alias}'\n${line}`],
        cwd: dir.path,
        env: { NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const stdout = new TextDecoder().decode(r.stdout);
      const stderr = new TextDecoder().decode(r.stderr);
      assert.equal(r.code, 0, `${line}\n${stdout}\n${stderr}`);
      if (line.startsWith("esim-rails call ") && !line.includes("> esim.json")) {
        const answer = JSON.parse(stdout);
        assert.equal(answer.status, 200, line);
        assert.equal(answer.payment_response.success, true, line);
        assert.match(answer.payment_response.transaction, /^0x[0-9a-f]{64}$/);
      }
    }
    const esim = JSON.parse(await Deno.readTextFile(`${dir.path}/esim.json`));
    assert.equal(esim.status, 200);
    assert.equal(esim.body.status, "delivered");
    assert.equal(esim.payment_response.success, true);

    dev.kill("SIGINT");
    const status = await dev.status;
    stopped = true;
    for (let x = await reader.read(); !x.done; x = await reader.read()) out += x.value;
    assert.equal(status.code, 0);
    assert.match(out, /esim-rails dev: stopped/);
    await assert.rejects(
      fetch(rpcUrl, { method: "POST", body: "{}" }),
      "the chain stopped with dev",
    );
    assert.equal(
      await Deno.readTextFile(new URL("deno.lock", ROOT)),
      lockBefore,
      "dev leaves the runtime lockfile untouched",
    );
  } finally {
    if (!stopped) {
      dev.kill("SIGTERM");
      await dev.status;
    }
    await reader.cancel().catch(() => {});
    await dev.stderr.cancel().catch(() => {});
  }
});

Deno.test("esim-rails dev refuses clearly when anvil is not available (ANVIL_BIN names no binary)", async () => {
  await using dir = await tempDir();
  const r = await runCli(["dev", "--port", "0", "--dir", `${dir.path}/sandbox`], {
    cwd: dir.path,
    env: { ANVIL_BIN: `${dir.path}/no-anvil` },
  });
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /^esim-rails dev: ANVIL_BIN=.*no-anvil is not an anvil binary/);
});

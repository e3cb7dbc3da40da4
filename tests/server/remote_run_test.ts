/**
 * The third way to run (DESIGN.md §1): straight from a URL, without a checkout. The checkout
 * is served over loopback HTTP (TypeScript as text/plain, as a plain file host would) and
 * `deno run --import-map <base>/deno.json <base>/main.ts` must work.
 */
import assert from "node:assert/strict";
import { tempDir } from "../support/temp.ts";

const ROOT = new URL("../../", import.meta.url);

function serveCheckout(): AsyncDisposable & { base: string } {
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const path = decodeURIComponent(new URL(req.url).pathname);
    if (path.includes("..")) return new Response("no", { status: 400 });
    try {
      const body = await Deno.readFile(new URL(`.${path}`, ROOT));
      return new Response(body, {
        headers: { "content-type": path.endsWith(".json") ? "application/json" : "text/plain" },
      });
    } catch {
      return new Response("not found", { status: 404 });
    }
  });
  return {
    base: `http://127.0.0.1:${server.addr.port}`,
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}

async function runRemote(base: string, args: string[], cwd: string) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--quiet",
      "--unstable-kv",
      "--import-map",
      `${base}/deno.json`,
      `${base}/main.ts`,
      ...args,
    ],
    cwd,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

Deno.test("esim-rails runs --help straight from a URL with --import-map", async () => {
  await using host = serveCheckout();
  await using dir = await tempDir();
  const r = await runRemote(host.base, ["--help"], dir.path);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /Usage: esim-rails <command>/);
});

Deno.test("esim-rails serve runs straight from a URL and answers /healthz", async () => {
  await using host = serveCheckout();
  await using dir = await tempDir();
  const base = host.base;
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--quiet",
      "--unstable-kv",
      "--import-map",
      `${base}/deno.json`,
      `${base}/main.ts`,
      "serve",
      "--port",
      "0",
    ],
    cwd: dir.path,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
    stdin: "null",
  }).spawn();
  const stderr = new Response(child.stderr).text();
  try {
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    let url: string | undefined;
    while (!url) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`exited before listening: ${text} ${await stderr}`);
      text += value;
      url = text.match(/http:\/\/127\.0\.0\.1:\d+/)?.[0];
    }
    reader.releaseLock();
    const res = await fetch(`${url}/healthz`);
    assert.equal((await res.json()).status, "ok");
  } finally {
    child.kill("SIGTERM");
    await child.status;
    await child.stdout.cancel().catch(() => {});
    await stderr;
  }
});

/** Shared helpers of the webhook tests: loopback HTTP servers and the webhook listener process. */
import assert from "node:assert/strict";

export const SECRET = "whsec-test-0123456789abcdef";

export interface LocalServer extends AsyncDisposable {
  url: string;
  close(): Promise<void>;
}

/** Serves `handler` on an ephemeral loopback port. */
export function serveLocal(handler: (req: Request) => Response | Promise<Response>): LocalServer {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, handler);
  const addr = server.addr as Deno.NetAddr;
  const url = `http://127.0.0.1:${addr.port}`;
  let closed: Promise<void> | undefined;
  const close = () => closed ??= server.shutdown();
  return { url, close, [Symbol.asyncDispose]: close };
}

/** A loopback port nothing listens on (bound, then released). */
export function refusedPort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** A queue of values a test awaits one by one (signals instead of sleeps). */
export class Signals<T> {
  #items: T[] = [];
  #waiters: ((v: T) => void)[] = [];
  push(v: T): void {
    const w = this.#waiters.shift();
    if (w) w(v);
    else this.#items.push(v);
  }
  next(): Promise<T> {
    const v = this.#items.shift();
    if (v !== undefined) return Promise.resolve(v);
    return new Promise((resolve) => this.#waiters.push(resolve));
  }
  get buffered(): number {
    return this.#items.length;
  }
}

const MAIN = new URL("../../main.ts", import.meta.url).pathname;

/** Lines of a stream, delivered through `Signals`. */
function linesOf(stream: ReadableStream<Uint8Array>, sink: Signals<string>): Promise<void> {
  return (async () => {
    let buf = "";
    for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
      buf += chunk;
      let i;
      while ((i = buf.indexOf("\n")) >= 0) {
        sink.push(buf.slice(0, i));
        buf = buf.slice(i + 1);
      }
    }
    if (buf) sink.push(buf);
  })().catch(() => {});
}

export interface Listener extends AsyncDisposable {
  url: string;
  banner: string;
  stdout: Signals<string>;
  stderr: Signals<string>;
  stop(): Promise<void>;
}

/** Runs `esim-rails webhooks listen` as a real process and parses its banner. */
export async function spawnListener(args: string[]): Promise<Listener> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", MAIN, "webhooks", "listen", "--port", "0", ...args],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  const stdout = new Signals<string>();
  const stderr = new Signals<string>();
  const outDone = linesOf(child.stdout, stdout);
  const errDone = linesOf(child.stderr, stderr);
  let stopped: Promise<void> | undefined;
  const stop = () =>
    stopped ??= (async () => {
      try {
        child.kill("SIGTERM");
      } catch { /* already gone */ }
      await child.status;
      await outDone;
      await errDone;
    })();
  const banner = await Promise.race([
    stdout.next(),
    child.status.then(async (s) => {
      await errDone;
      const lines: string[] = [];
      while (stderr.buffered) lines.push(await stderr.next());
      throw new Error(`listener exited (${s.code}) before its banner: ${lines.join("\n")}`);
    }),
  ]).catch(async (err) => {
    await stop();
    throw err;
  });
  const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(banner);
  if (!m) {
    await stop();
    assert.fail(`no URL in the banner: ${banner}`);
  }
  return { url: m[1]!, banner, stdout, stderr, stop, [Symbol.asyncDispose]: stop };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI to completion. */
export async function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", MAIN, ...args],
    stdin: "null",
    env: { NO_COLOR: "1", ...env },
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/** A temporary directory under the worktree's .tmp/, removed on dispose. */
export async function tempDir(): Promise<AsyncDisposable & { path: string }> {
  await Deno.mkdir(".tmp", { recursive: true });
  const path = await Deno.makeTempDir({ dir: ".tmp", prefix: "webhooks-" });
  return {
    path,
    [Symbol.asyncDispose]: () => Deno.remove(path, { recursive: true }).catch(() => {}),
  };
}

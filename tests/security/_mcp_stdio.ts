/**
 * A minimal MCP client over stdio for tests: spawns a server with `node`, speaks JSON-RPC
 * (initialize, notifications/initialized, tools/list) and always stops the process.
 */
import type { Tool } from "../../src/security/scan.ts";

const ROOT = new URL("../../", import.meta.url);

/** Path of an npm package's bin script inside node_modules (after `deno install`). */
export function binOf(pkg: string): string {
  const dir = new URL(`node_modules/${pkg}/`, ROOT);
  const meta = JSON.parse(Deno.readTextFileSync(new URL("package.json", dir)));
  const bin = typeof meta.bin === "string" ? meta.bin : Object.values(meta.bin)[0] as string;
  return new URL(bin, dir).pathname;
}

/** Spawns `node <bin> ...args`, lists its tools over stdio and stops it. */
export async function listToolsOverStdio(
  bin: string,
  args: string[],
  opts: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Tool[]> {
  const child = new Deno.Command("node", {
    args: [bin, ...args],
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
    env: opts.env,
    signal: AbortSignal.timeout(opts.timeoutMs ?? 60_000),
  }).spawn();
  const writer = child.stdin.getWriter();
  const enc = new TextEncoder();
  const send = (msg: unknown) => writer.write(enc.encode(JSON.stringify(msg) + "\n"));
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  const next = async (id: number): Promise<Record<string, unknown>> => {
    while (true) {
      const nl = buf.indexOf("\n");
      if (nl >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        if (!line) continue;
        const msg = JSON.parse(line);
        if (msg.id === id) return msg;
        continue; // notifications and log messages
      }
      const { value, done } = await reader.read();
      if (done) throw new Error(`server ended before answering request ${id}`);
      buf += value;
    }
  };
  try {
    await send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "esim-rails-tests", version: "1" },
      },
    });
    const init = await next(1);
    if (!init.result) throw new Error(`initialize failed: ${JSON.stringify(init)}`);
    await send({ jsonrpc: "2.0", method: "notifications/initialized" });
    await send({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} });
    const list = await next(2);
    const result = list.result as { tools?: Tool[] } | undefined;
    if (!result?.tools) throw new Error(`tools/list failed: ${JSON.stringify(list)}`);
    return result.tools;
  } finally {
    await reader.cancel().catch(() => {});
    await writer.close().catch(() => {});
    try {
      child.kill("SIGTERM");
    } catch {
      // already exited
    }
    await child.status;
  }
}

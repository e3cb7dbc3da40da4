/**
 * Reads a tools/list for the offline `scan` and `diff` subcommands from a file or stdin (`-`).
 * Accepts a list of tools, `{tools}`, or a whole JSON-RPC answer `{result: {tools}}`.
 */
import { UsageError } from "./args.ts";

/** Reads a tools list from `path` (`-` is stdin), unwrapping a JSON-RPC answer. */
export async function readJsonArg(path: string): Promise<unknown> {
  return unwrapRpc(await readJsonFileArg(path));
}

/** Reads and parses JSON from `path` (`-` is stdin); unreadable or invalid JSON is a UsageError. */
export async function readJsonFileArg(path: string): Promise<unknown> {
  let text: string;
  try {
    text = path === "-"
      ? await new Response(Deno.stdin.readable).text()
      : await Deno.readTextFile(path);
  } catch (err) {
    throw new UsageError(`cannot read '${path}': ${(err as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`'${path}' is not valid JSON`);
  }
}

/** `{jsonrpc, result: {tools}}` → `{tools}`; anything else unchanged. */
export function unwrapRpc(v: unknown): unknown {
  if (v && typeof v === "object" && !Array.isArray(v) && "result" in v) {
    const r = (v as { result: unknown }).result;
    if (r && typeof r === "object" && "tools" in r) return r;
  }
  return v;
}

/**
 * Test helpers for connection attacks: raw TCP clients that hold a connection idle, send a
 * request head slowly, or send a body slowly, and report how the server ended each one.
 */
const enc = new TextEncoder();

export type Attack = "idle" | "slow-header" | "slow-body";

export interface HeldConnection {
  kind: Attack;
  /** Resolves when the server closed the connection, with the first line it sent, if any. */
  closed: Promise<string>;
  /** Closes our side (cleanup). */
  close(): void;
}

/** Opens one connection and starts the attack; `path` is where a slow body is sent. */
export async function hold(
  port: number,
  kind: Attack,
  path = "/quote",
  headers = "",
): Promise<HeldConnection> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  let done = false;
  const write = (text: string) => conn.write(enc.encode(text)).catch(() => 0);
  if (kind === "slow-header") await write("GET /healthz HTTP/1.1\r\nHost: x\r\n");
  if (kind === "slow-body") {
    await write(
      `POST ${path} HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n${headers}` +
        `content-length: 4000\r\n\r\n{"country":`,
    );
  }
  // Trickle a byte now and then, as a slow client would, until the server hangs up.
  const trickle = kind === "idle" ? undefined : setInterval(() => {
    if (!done) void write(kind === "slow-header" ? "x" : " ");
  }, 100);
  const closed = (async () => {
    const buf = new Uint8Array(4096);
    let first = "";
    try {
      for (;;) {
        const n = await conn.read(buf);
        if (n === null) break;
        if (!first) first = new TextDecoder().decode(buf.subarray(0, n)).split("\r\n")[0]!;
      }
    } catch { /* reset by the server: closed too */ }
    done = true;
    clearInterval(trickle);
    return first;
  })();
  return {
    kind,
    closed,
    close() {
      done = true;
      clearInterval(trickle);
      try {
        conn.close();
      } catch { /* already closed */ }
    },
  };
}

/** Number of open descriptors of process `pid` (Linux). */
export function openFiles(pid: number): number {
  let n = 0;
  for (const _ of Deno.readDirSync(`/proc/${pid}/fd`)) n++;
  return n;
}

/** Waits until `check` holds, polling an observable condition (bounded). */
export async function until(check: () => boolean, what: string, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

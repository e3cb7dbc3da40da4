/**
 * The access log: one JSON line per request on stdout, written in batches so logging costs no
 * write on the request's path. It records method, path (never the query string), status,
 * duration, caller and request id: never headers, bodies or payment material.
 */
export class AccessLog {
  /** Seven values per request, flat: formatting waits for the batch, off the request's path. */
  #buf: (string | number)[] = [];
  #scheduled = false;
  readonly #write: (text: string) => void;

  constructor(write?: (text: string) => void) {
    const encoder = new TextEncoder();
    this.#write = write ?? ((text) => {
      const bytes = encoder.encode(text);
      let off = 0;
      while (off < bytes.length) off += Deno.stdout.writeSync(bytes.subarray(off));
    });
  }

  /** Records one request that finished at `at` (ms since the epoch) after `ms` milliseconds. */
  log(
    at: number,
    requestId: string,
    method: string,
    path: string,
    status: number,
    ms: number,
    ip: string,
  ): void {
    this.#buf.push(at, requestId, method, path, status, ms, ip);
    if (!this.#scheduled) {
      this.#scheduled = true;
      setTimeout(() => this.flush(), 50);
    }
  }

  flush(): void {
    this.#scheduled = false;
    const buf = this.#buf;
    if (buf.length === 0) return;
    this.#buf = [];
    const lines: string[] = new Array(buf.length / 7);
    let stampAt = -1;
    let stamp = "";
    for (let i = 0, n = 0; i < buf.length; i += 7, n++) {
      const at = buf[i] as number;
      if (at !== stampAt) {
        stampAt = at;
        stamp = new Date(at).toISOString();
      }
      // Request ids, methods and addresses are plain tokens by construction (the kernel makes
      // or validates the id, the HTTP parser the method, the socket the address): only the
      // path needs escaping.
      lines[n] = `{"t":"${stamp}","request_id":"${buf[i + 1]}","method":"${buf[i + 2]}","path":${
        q(loggablePath(buf[i + 3] as string))
      },"status":${buf[i + 4]},"ms":${buf[i + 5]},"ip":"${buf[i + 6]}"}`;
    }
    const text = lines.join("\n") + "\n";
    try {
      this.#write(text);
    } catch {
      // stdout gone (closed pipe): logging must never take the server down.
    }
  }
}

/** Characters that need no JSON escaping, in a short string. */
const SAFE = /^[\x21\x23-\x5b\x5d-\x7e]{1,200}$/;

/** A JSON string literal; plain tokens skip `JSON.stringify`. */
function q(s: string): string {
  return SAFE.test(s) ? `"${s}"` : JSON.stringify(s);
}

/** Caps what an attacker-controlled path can put in a log line. */
export function loggablePath(pathname: string): string {
  return pathname.length > 200 ? pathname.slice(0, 200) + "…" : pathname;
}

/**
 * The access log: one JSON line per request on stdout, written in batches so logging costs no
 * write on the request's path. It records method, path (never the query string), status,
 * duration, caller and request id: never headers, bodies or payment material.
 */
const encoder = new TextEncoder();
const CAPACITY = 64 * 1024;

export class AccessLog {
  /** Lines are encoded straight into one reused buffer: no per-batch strings to collect. */
  #out = new Uint8Array(CAPACITY);
  #len = 0;
  #stampAt = -1;
  #stamp = "";
  #scheduled = false;
  readonly #write: (bytes: Uint8Array) => void;

  constructor(write?: (text: string) => void) {
    const decoder = new TextDecoder();
    this.#write = write ? (bytes) => write(decoder.decode(bytes)) : (bytes) => {
      let off = 0;
      while (off < bytes.length) off += Deno.stdout.writeSync(bytes.subarray(off));
    };
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
    if (at !== this.#stampAt) {
      this.#stampAt = at;
      this.#stamp = new Date(at).toISOString();
    }
    // Request ids, methods and addresses are plain tokens by construction (the kernel makes or
    // validates the id, the HTTP parser the method, the socket the address): only the path
    // needs escaping.
    const line = `{"t":"${this.#stamp}","request_id":"${requestId}","method":"${method}","path":${
      q(loggablePath(path))
    },"status":${status},"ms":${ms},"ip":"${ip}"}\n`;
    // A UTF-16 code unit takes at most 3 bytes in UTF-8.
    if (this.#len + line.length * 3 > CAPACITY) this.flush();
    this.#len += encoder.encodeInto(line, this.#out.subarray(this.#len)).written;
    if (!this.#scheduled) {
      this.#scheduled = true;
      setTimeout(() => this.flush(), 20);
    }
  }

  flush(): void {
    this.#scheduled = false;
    if (this.#len === 0) return;
    const bytes = this.#out.subarray(0, this.#len);
    this.#len = 0;
    try {
      this.#write(bytes);
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

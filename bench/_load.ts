/**
 * Shared load-generation helpers for the HTTP benchmarks: spawn a target process, read its
 * URL, and measure requests per second with `wrk` (Debian package) or, where wrk is missing,
 * with a fetch loop in a separate Deno process. Both targets of a comparison always use the
 * same generator in the same run, so the ratio is meaningful even on a noisy machine.
 */
export interface Target extends AsyncDisposable {
  url: string;
  /** The server's process id (for `cpuSeconds`). */
  pid: number;
}

/**
 * CPU time (user + system, all threads) a process has used so far, in seconds (Linux
 * `/proc/<pid>/stat`, 10 ms ticks). Dividing the CPU a server spent during a run by the
 * requests it answered gives a cost per request that other programs competing for the CPU
 * barely move, unlike requests per second.
 */
export function cpuSeconds(pid: number): number {
  const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
  // Fields after the command name (which is in parentheses and may hold spaces).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Requests per second and the server's CPU time per request (µs) over one run. */
export async function measureServer(
  target: Target,
  url: string,
  seconds: number,
  options: Parameters<typeof measureRps>[2] = {},
): Promise<{ rps: number; cpuUs: number }> {
  const before = cpuSeconds(target.pid);
  const rps = await measureRps(url, seconds, options);
  const used = cpuSeconds(target.pid) - before;
  return { rps, cpuUs: (used / (rps * seconds)) * 1e6 };
}

export async function spawnTarget(
  script: URL,
  args: string[],
  env: Record<string, string> = {},
): Promise<Target> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", script.pathname, ...args],
    env,
    stdout: "null",
    stderr: "piped",
    stdin: "null",
  }).spawn();
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  let url: string | undefined;
  while (!url) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`target exited before listening: ${text}`);
    text += value;
    url = text.match(/http:\/\/[\d.]+:\d+/)?.[0];
  }
  const drain = (async () => {
    while (!(await reader.read()).done) { /* discard */ }
  })();
  return {
    url,
    pid: child.pid,
    async [Symbol.asyncDispose]() {
      try {
        child.kill("SIGTERM");
      } catch { /* gone */ }
      await child.status;
      await drain.catch(() => {});
    },
  };
}

let wrkPath: string | null | undefined;
async function findWrk(): Promise<string | null> {
  if (wrkPath !== undefined) return wrkPath;
  for (const p of ["/usr/bin/wrk", "/usr/local/bin/wrk"]) {
    try {
      await Deno.stat(p);
      return wrkPath = p;
    } catch { /* next */ }
  }
  return wrkPath = null;
}

export async function generatorName(): Promise<string> {
  return (await findWrk()) ? "wrk -t1 -c64" : "deno fetch loop (c=64)";
}

/** Requests per second against `url` for `seconds`. */
export async function measureRps(
  url: string,
  seconds: number,
  options: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<number> {
  const wrk = await findWrk();
  if (wrk && !options.body && (options.method ?? "GET") === "GET") {
    const out = await new Deno.Command(wrk, {
      args: ["-t1", "-c64", `-d${seconds}s`, url],
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout);
    const rps = text.match(/Requests\/sec:\s+([\d.]+)/)?.[1];
    if (!rps) throw new Error(`wrk printed no rate:\n${text}`);
    if (/Non-2xx or 3xx responses/.test(text) && !options.headers?.["x-allow-non-2xx"]) {
      // A 402 benchmark passes x-allow-non-2xx; anything else must be all successes.
      throw new Error(`non-2xx responses while benchmarking ${url}:\n${text}`);
    }
    return Number(rps);
  }
  if (wrk) {
    const lua = await Deno.makeTempFile({ suffix: ".lua" });
    const hdrs = Object.entries(options.headers ?? {}).map(([k, v]) =>
      `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`
    ).join("\n");
    await Deno.writeTextFile(
      lua,
      `wrk.method = ${JSON.stringify(options.method ?? "GET")}\nwrk.body = ${
        JSON.stringify(options.body ?? "")
      }\n${hdrs}\n`,
    );
    try {
      const out = await new Deno.Command(wrk, {
        args: ["-t1", "-c64", `-d${seconds}s`, "-s", lua, url],
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = new TextDecoder().decode(out.stdout);
      const rps = text.match(/Requests\/sec:\s+([\d.]+)/)?.[1];
      if (!rps) throw new Error(`wrk printed no rate:\n${text}`);
      return Number(rps);
    } finally {
      await Deno.remove(lua).catch(() => {});
    }
  }
  const code = `
    const url = ${JSON.stringify(url)}, init = ${JSON.stringify(options)};
    const end = performance.now() + ${seconds * 1000};
    let n = 0;
    await Promise.all(Array.from({ length: 64 }, async () => {
      while (performance.now() < end) { const r = await fetch(url, init); await r.arrayBuffer(); n++; }
    }));
    console.log(n / ${seconds});`;
  const out = await new Deno.Command(Deno.execPath(), { args: ["eval", code], stdout: "piped" })
    .output();
  return Number(new TextDecoder().decode(out.stdout).trim());
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos), hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}

/** `median (IQR q1–q3, range min–max)` of a list of ratios. */
export function spread(xs: number[]): string {
  const f = (n: number) => n.toFixed(3);
  return `${f(median(xs))} (IQR ${f(quantile(xs, 0.25))}–${f(quantile(xs, 0.75))}, range ${
    f(Math.min(...xs))
  }–${f(Math.max(...xs))})`;
}

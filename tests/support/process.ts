/**
 * Runs `main.ts` as a real child process. `runCli` waits for the exit; `spawnServe` starts a
 * long-running subcommand, reads stdout until the banner names the bound URL, and kills the
 * process on dispose.
 */
const MAIN = new URL("../../main.ts", import.meta.url).pathname;
const DENO = Deno.execPath();

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; stdin?: string } = {},
): Promise<CliResult> {
  const child = new Deno.Command(DENO, {
    args: ["run", "-A", "--quiet", MAIN, ...args],
    cwd: options.cwd,
    env: { NO_COLOR: "1", ...options.env },
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (options.stdin !== undefined) {
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(options.stdin));
    await w.close();
  }
  const out = await child.output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

export interface SpawnedServer extends AsyncDisposable {
  url: string;
  /** Everything printed to stdout before the URL was found. */
  banner: string;
  child: Deno.ChildProcess;
  /** Sends SIGTERM and waits for the exit code. */
  stop(): Promise<number>;
}

/**
 * Spawns `main.ts <args>` and resolves once stdout prints a line with `http://host:port`.
 * Rejects (and kills the child) if the process exits first.
 */
export async function spawnServe(
  args: string[],
  options: {
    cwd?: string;
    env?: Record<string, string>;
    /** Run under `ulimit -n <n>` (through bash, which then execs Deno: same pid). */
    maxOpenFiles?: number;
  } = {},
): Promise<SpawnedServer> {
  const denoArgs = ["run", "-A", "--quiet", MAIN, ...args];
  const [cmd, cmdArgs] = options.maxOpenFiles === undefined ? [DENO, denoArgs] : [
    "bash",
    ["-c", `ulimit -n ${options.maxOpenFiles} && exec "$0" "$@"`, DENO, ...denoArgs],
  ];
  const child = new Deno.Command(cmd, {
    args: cmdArgs,
    cwd: options.cwd,
    env: { NO_COLOR: "1", ...options.env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stderrText = new Response(child.stderr).text();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let banner = "";
  let url: string | undefined;
  while (url === undefined) {
    const { done, value } = await reader.read();
    if (done) {
      const status = await child.status;
      throw new Error(
        `process exited (${status.code}) before listening:\n${banner}\n${await stderrText}`,
      );
    }
    banner += value;
    url = banner.match(/https?:\/\/[\w.\[\]:-]+:\d+/)?.[0];
  }
  // Keep draining stdout so the child never blocks on a full pipe.
  const drained = (async () => {
    while (!(await reader.read()).done) { /* discard */ }
  })();
  let exit: Promise<number> | undefined;
  const stop = () =>
    exit ??= (async () => {
      try {
        child.kill("SIGTERM");
      } catch { /* already gone */ }
      const status = await child.status;
      await drained.catch(() => {});
      await stderrText.catch(() => {});
      return status.code;
    })();
  return { url, banner, child, stop, [Symbol.asyncDispose]: async () => void await stop() };
}

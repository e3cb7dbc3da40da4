/** Runs `esim-rails supplier` as a child process and finds its URL in the banner line. */
const MAIN = new URL("../../main.ts", import.meta.url).pathname;

export interface ChildReceiver {
  url: string;
  /** Lines printed to stdout before and including the banner. */
  lines: string[];
  stop(): Promise<void>;
}

export async function spawnSupplier(args: string[]): Promise<ChildReceiver> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "supplier", ...args],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  const stderr = child.stderr.pipeTo(new WritableStream()).catch(() => {});
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const lines: string[] = [];
  let buf = "";
  let url = "";
  try {
    while (!url) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`supplier exited before its banner: ${lines.join("\n")}`);
      buf += value;
      let i;
      while ((i = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        lines.push(line);
        const m = /listening on (http:\/\/\S+)/.exec(line);
        if (m) url = m[1]!;
      }
    }
  } catch (err) {
    child.kill("SIGKILL");
    await child.status;
    throw err;
  }
  const drain = (async () => {
    while (!(await reader.read()).done) { /* keep the pipe flowing */ }
  })().catch(() => {});
  return {
    url,
    lines,
    async stop() {
      try {
        child.kill("SIGTERM");
      } catch { /* already gone */ }
      await child.status;
      await drain;
      await stderr;
    },
  };
}

/** Runs the CLI to completion and returns its exit code and output. */
export async function runCli(
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, ...args],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const d = new TextDecoder();
  return { code: out.code, stdout: d.decode(out.stdout), stderr: d.decode(out.stderr) };
}

/**
 * `esim-rails serve` as a real child process whose whole output is kept (to look for lines and
 * to check that no secret was ever printed). `waitForLine` reads the output as it arrives.
 */
const MAIN = new URL("../../main.ts", import.meta.url).pathname;

export interface ServeProcess {
  url: string;
  child: Deno.ChildProcess;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the first line matching `re` (already printed or still to come). */
  waitForLine(re: RegExp): Promise<string>;
  /** Resolves with the exit code. */
  exited: Promise<number>;
  /** SIGTERM and wait. */
  stop(): Promise<number>;
}

export function spawnServeProcess(env: Record<string, string>): Promise<ServeProcess> {
  return spawnProcess(["serve"], env);
}

/** Spawns `main.ts <args>` and waits for its banner (`listening on http://...`). */
export async function spawnProcess(
  args: string[],
  env: Record<string, string> = {},
): Promise<ServeProcess> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--quiet", MAIN, ...args],
    // Access log on, so the leak checks also read every request line the node prints.
    env: { NO_COLOR: "1", PORT: "0", HOST: "127.0.0.1", ACCESS_LOG: "1", ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let text = "";
  const waiters: { re: RegExp; resolve: (l: string) => void }[] = [];
  const check = () => {
    for (const w of [...waiters]) {
      const line = text.split("\n").find((l) => w.re.test(l));
      if (line !== undefined) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  };
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
      text += chunk;
      check();
    }
  };
  const pumps = Promise.all([pump(child.stdout), pump(child.stderr)]);
  const exited = child.status.then(async (s) => {
    await pumps.catch(() => {});
    return s.code;
  });
  const waitForLine = (re: RegExp) =>
    new Promise<string>((resolve, reject) => {
      waiters.push({ re, resolve });
      check();
      exited.then(() => {
        check();
        const i = waiters.findIndex((w) => w.re === re);
        if (i >= 0) {
          waiters.splice(i, 1);
          reject(new Error(`process exited without printing ${re}:\n${text}`));
        }
      });
    });
  const banner = await waitForLine(/listening on http:\/\//);
  const url = banner.match(/http:\/\/[\d.]+:\d+/)![0];
  let stopping: Promise<number> | undefined;
  return {
    url,
    child,
    output: () => text,
    waitForLine,
    exited,
    stop() {
      return stopping ??= (async () => {
        try {
          child.kill("SIGTERM");
        } catch { /* gone */ }
        return await exited;
      })();
    },
  };
}

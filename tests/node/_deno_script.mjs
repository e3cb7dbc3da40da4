// Node-side helper for the SDK tests: runs a Deno script of this repo as a child process,
// resolves with the first JSON line it prints on stdout (the addresses it serves), and stops
// it with SIGTERM. DENO_BIN names the deno executable (.ci/run sets it).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DENO = process.env.DENO_BIN || "deno";

/** Starts `deno run -A <script>`; returns `{info, stop}` once its first JSON line arrives. */
export async function startDenoScript(script) {
  const child = spawn(DENO, ["run", "-A", script], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr.on("data", (d) => (err += d));
  const info = await new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => {
      out += d;
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line && out.includes("\n")) resolve(JSON.parse(line));
    });
    child.on("exit", (code) => reject(new Error(`${script} exited (${code}): ${out}${err}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise((resolve) => {
      child.once("exit", resolve);
      child.kill("SIGTERM");
    });
  };
  return { info, stop };
}

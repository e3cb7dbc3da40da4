/**
 * A throwaway PostgreSQL cluster for tests: `initdb` in a temp dir (as the unprivileged
 * `postgres` user via setpriv when running as root, since root cannot run initdb), the server on loopback
 * at a free port, fsync off, stopped and removed at the end. Needs Debian's `postgresql`
 * package; where it is missing or cannot start, `pgSkip` says why and the tests are ignored
 * with that reason in their names (never passed).
 *
 * @example
 * ```ts ignore
 * await using pg = await startPostgres();
 * const url = await pg.createDatabase(); // postgres://app:...@127.0.0.1:port/db_1
 * ```
 */

export interface PgCluster extends AsyncDisposable {
  port: number;
  /** A fresh database owned by a non-superuser role (with a password); its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server (fast shutdown), keeping its data. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
}

async function binDir(): Promise<string | null> {
  try {
    const versions: number[] = [];
    for await (const e of Deno.readDir("/usr/lib/postgresql")) {
      if (/^\d+$/.test(e.name)) versions.push(Number(e.name));
    }
    versions.sort((a, b) => b - a);
    for (const v of versions) {
      const dir = `/usr/lib/postgresql/${v}/bin`;
      if (await Deno.stat(`${dir}/initdb`).then(() => true, () => false)) return dir;
    }
  } catch { /* not installed */ }
  return null;
}

async function uidOf(user: string): Promise<number | null> {
  try {
    const out = await new Deno.Command("id", {
      args: ["-u", user],
      stdout: "piped",
      stderr: "null",
    })
      .output();
    return out.success ? Number(new TextDecoder().decode(out.stdout).trim()) : null;
  } catch {
    return null;
  }
}

const isRoot = Deno.uid() === 0;

/** Why PostgreSQL tests cannot run here, or null when they can. */
async function whySkip(): Promise<string | null> {
  if (!(await binDir())) return "PostgreSQL is not installed (Debian package postgresql)";
  if (isRoot && (await uidOf("postgres")) === null) {
    return "running as root and there is no postgres user to run initdb";
  }
  if (isRoot && !(await Deno.stat("/usr/bin/setpriv").then(() => true, () => false))) {
    return "running as root without setpriv (util-linux) to run initdb as postgres";
  }
  return null;
}

/** The reason PostgreSQL tests are skipped on this machine, or null when they run. */
export const pgSkip: string | null = await whySkip();

/** Test-name suffix: "" when PostgreSQL runs, else " (skipped: <reason>)". */
export function pgSuffix(): string {
  return pgSkip ? ` (skipped: ${pgSkip})` : "";
}

/** As root, runs `cmd` as the postgres user via setpriv, which execs (no process in between
 * to swallow signals), so stopping the child stops the server itself. */
function asPostgres(cmd: string, args: string[]): Deno.Command {
  const opts = { stdin: "null" as const, stdout: "piped" as const, stderr: "piped" as const };
  return isRoot
    ? new Deno.Command("setpriv", {
      args: ["--reuid=postgres", "--regid=postgres", "--clear-groups", cmd, ...args],
      ...opts,
    })
    : new Deno.Command(cmd, { args, ...opts });
}

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** Reads `stream` until a line matches `re` (the server's "ready" line); false at its end. */
async function waitForLine(stream: ReadableStream<Uint8Array>, re: RegExp): Promise<boolean> {
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return false;
      buf += value;
      if (re.test(buf)) return true;
      buf = buf.slice(-4096);
    }
  } finally {
    // Keep draining so the server never blocks on a full pipe.
    (async () => {
      try {
        for (;;) if ((await reader.read()).done) break;
      } catch { /* closed */ }
    })();
  }
}

export async function startPostgres(): Promise<PgCluster> {
  if (pgSkip) throw new Error(`PostgreSQL unavailable: ${pgSkip}`);
  const bin = (await binDir())!;
  const dir = await Deno.makeTempDir({ prefix: "esim-rails-pg-" });
  const data = `${dir}/data`;
  if (isRoot) {
    const uid = (await uidOf("postgres"))!;
    await Deno.chown(dir, uid, null);
  }
  const init = await asPostgres(`${bin}/initdb`, [
    "-D",
    data,
    "-A",
    "trust",
    "-U",
    "postgres",
    "-E",
    "UTF8",
    "--no-sync",
    "--no-instructions",
  ]).output();
  if (!init.success) {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    throw new Error(`initdb failed: ${new TextDecoder().decode(init.stderr)}`);
  }
  let port = freePort();
  let child: Deno.ChildProcess | undefined;

  const start = async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const p = asPostgres(`${bin}/postgres`, [
        "-D",
        data,
        "-h",
        "127.0.0.1",
        "-p",
        String(port),
        "-k",
        dir,
        "-F",
        "-c",
        "max_connections=200",
        "-c",
        "full_page_writes=off",
        "-c",
        "synchronous_commit=off",
      ]).spawn();
      p.stdout.cancel();
      if (await waitForLine(p.stderr, /ready to accept connections/)) {
        child = p;
        return;
      }
      await p.status;
      port = freePort(); // the port was taken meanwhile: try another
    }
    throw new Error("PostgreSQL did not start");
  };
  const stop = async () => {
    if (!child) return;
    const c = child;
    child = undefined;
    try {
      c.kill("SIGINT"); // fast shutdown
    } catch { /* gone */ }
    await c.status;
  };
  await start();

  let n = 0;
  const { default: postgres } = await import("postgres");
  return {
    get port() {
      return port;
    },
    async createDatabase() {
      const name = `db_${++n}_${crypto.randomUUID().slice(0, 8)}`;
      const role = `app_${name}`;
      const admin = postgres(`postgres://postgres@127.0.0.1:${port}/postgres`, {
        max: 1,
        onnotice: () => {},
      });
      try {
        await admin.unsafe(`CREATE ROLE ${role} LOGIN PASSWORD 'pw-${name}'`);
        await admin.unsafe(`CREATE DATABASE ${name} OWNER ${role}`);
      } finally {
        await admin.end();
      }
      return `postgres://${role}:pw-${name}@127.0.0.1:${port}/${name}`;
    },
    stop,
    start,
    async [Symbol.asyncDispose]() {
      await stop();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

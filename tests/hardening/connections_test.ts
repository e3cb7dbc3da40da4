/**
 * Connection exhaustion (issue: a process died when idle, slow-header and slow-body connections
 * used up its descriptors). Each server runs as a real process under `ulimit -n 256` with short
 * timeouts; 300 hostile connections are opened. The process must live, end every one of them
 * (408 for a slow body, 503 past the connection cap, a close for idle and slow heads), answer
 * afterwards, and give its descriptors back.
 *
 * Each server first answers one complete request on the attacked route: its handlers load on
 * their first request (a module load that holds the event loop for a few hundred ms on a busy
 * machine), and that cold start is not what this test is about. A failure message carries how
 * each kind of connection ended, so a flake on a loaded machine says what happened.
 */
import assert from "node:assert/strict";
import { type SpawnedServer, spawnServe } from "../support/process.ts";
import { type Attack, type HeldConnection, hold, openFiles, until } from "./_conns.ts";

const LIMITS = {
  HTTP_HEADER_TIMEOUT_MS: "800",
  HTTP_IDLE_TIMEOUT_MS: "800",
  HTTP_BODY_TIMEOUT_MS: "800",
};
const SECRET = "a-shared-secret-for-the-connection-tests";

interface Outcome {
  firstLines: string[];
  /** "kind: first line" -> count, for failure messages. */
  tally: Record<string, number>;
  fdsBefore: number;
  pid: number;
}

/** One complete request to the attacked route, so its handlers are loaded before the attack. */
async function warm(server: SpawnedServer, bodyPath: string, bodyHeaders: string) {
  const headers = new Headers({ "content-type": "application/json" });
  for (const line of bodyHeaders.split("\r\n")) {
    const at = line.indexOf(":");
    if (at > 0) headers.set(line.slice(0, at), line.slice(at + 1).trim());
  }
  const res = await fetch(`${server.url}${bodyPath}`, { method: "POST", headers, body: "{}" });
  await res.body?.cancel();
  assert.ok(res.status >= 200 && res.status < 500, `warm-up ${bodyPath} answered ${res.status}`);
}

/** 60 of each attack, then 120 more idle connections: past the cap and the descriptor limit. */
async function attack(server: SpawnedServer, bodyPath: string, bodyHeaders = ""): Promise<Outcome> {
  const port = Number(new URL(server.url).port);
  const pid = server.child.pid;
  await warm(server, bodyPath, bodyHeaders);
  const fdsBefore = openFiles(pid);
  const held: HeldConnection[] = [];
  try {
    for (const kind of ["idle", "slow-header", "slow-body"] as Attack[]) {
      for (let i = 0; i < 60; i++) held.push(await hold(port, kind, bodyPath, bodyHeaders));
    }
    for (let i = 0; i < 120; i++) held.push(await hold(port, "idle"));
    // Every connection is ended by the server, none by us.
    const firstLines = await Promise.all(held.map((h) => h.closed));
    const tally: Record<string, number> = {};
    held.forEach((h, i) => {
      const key = `${h.kind}: ${firstLines[i] || "(closed, no answer)"}`;
      tally[key] = (tally[key] ?? 0) + 1;
    });
    return { firstLines, tally, fdsBefore, pid };
  } finally {
    for (const h of held) h.close();
  }
}

async function assertSurvived(server: SpawnedServer, o: Outcome, probe: string, status: number) {
  let exited = false;
  server.child.status.then(() => exited = true);
  const res = await fetch(`${server.url}${probe}`);
  await res.body?.cancel();
  assert.equal(res.status, status, "the server answers after the load");
  assert.equal(exited, false);
  // Shed connections were told so; the rest were closed by the timeouts.
  const how = JSON.stringify(o.tally);
  assert.ok(
    o.firstLines.some((l) => l.startsWith("HTTP/1.1 503")),
    `connections past the cap get 503; connections ended: ${how}`,
  );
  assert.ok(
    o.firstLines.some((l) => l.startsWith("HTTP/1.1 408")),
    `a slow body gets 408; connections ended: ${how}`,
  );
  await until(() => openFiles(o.pid) <= o.fdsBefore + 4, "descriptors to be freed");
}

async function withTemp(fn: (dir: string) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "esim-hardening-" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

Deno.test("serve survives 300 idle, slow-header and slow-body connections under ulimit -n 256 and frees them", async () => {
  await withTemp(async (dir) => {
    await using server = await spawnServe(["serve"], {
      maxOpenFiles: 256,
      env: {
        ...LIMITS,
        PORT: "0",
        HOST: "127.0.0.1",
        KV_PATH: ":memory:",
        DATA_DIR: dir,
        ACCESS_LOG: "0",
      },
    });
    const o = await attack(server, "/quote");
    await assertSurvived(server, o, "/healthz", 200);
  });
});

Deno.test("supplier survives 300 idle, slow-header and slow-body connections under ulimit -n 256 and frees them", async () => {
  await withTemp(async (dir) => {
    await Deno.writeTextFile(`${dir}/secret`, SECRET);
    await using server = await spawnServe([
      "supplier",
      "--port",
      "0",
      "--secret-file",
      `${dir}/secret`,
      "--kv-path",
      ":memory:",
    ], { maxOpenFiles: 256, env: LIMITS });
    // Well-formed signature headers, so the receiver goes on to read the (slow) body.
    const signed = `x-kit-timestamp: ${Date.now()}\r\nx-kit-signature: v1=${"0".repeat(64)}\r\n`;
    const o = await attack(server, "/orders", signed);
    await assertSurvived(server, o, "/catalog", 401);
  });
});

Deno.test("webhooks listen survives 300 idle, slow-header and slow-body connections under ulimit -n 256 and frees them", async () => {
  await withTemp(async (dir) => {
    await Deno.writeTextFile(`${dir}/secret`, SECRET);
    await using server = await spawnServe(
      ["webhooks", "listen", "--port", "0", "--secret-file", `${dir}/secret`],
      { maxOpenFiles: 256, env: LIMITS },
    );
    const o = await attack(server, "/");
    await assertSurvived(server, o, "/", 405);
  });
});

/**
 * The local world the runnable docs blocks run in: a chain (anvil with USDC at the real Base
 * address), the reference supplier, the reference webhook receiver and `esim-rails serve`, each a
 * real process on an ephemeral loopback port, plus a working directory holding `examples/`, a
 * funded `buyer.key` and an `esim-rails` command on the PATH.
 *
 * The docs write the default ports; `substitutePorts` maps them to the bound ones:
 * 127.0.0.1:8402 → serve, 127.0.0.1:8787 → supplier, 127.0.0.1:8788 → webhook receiver.
 */
import { type Chain, startChain } from "../support/chain.ts";
import { type SpawnedServer, spawnServe } from "../support/process.ts";
import { buyer, KEYS, seller } from "../x402/_sign.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

export interface DocsWorld extends AsyncDisposable {
  /** The working directory the blocks run in. */
  dir: string;
  serve: SpawnedServer;
  supplier: SpawnedServer;
  receiver: SpawnedServer;
  chain: Chain;
  substitutePorts(text: string): string;
  /** A directory of its own for one page: examples/, data/ and the key files linked in. */
  pageDir(page: string): Promise<string>;
  /** Runs a shell text with bash -eo pipefail in `cwd`; stdout and stderr together. */
  run(script: string, cwd?: string): Promise<{ code: number; output: string }>;
}

const hostPort = (url: string) => new URL(url).host;

export async function startDocsWorld(): Promise<DocsWorld> {
  const dir = await Deno.makeTempDir({ prefix: "esim-rails-docs-" });
  const stack: (() => Promise<unknown>)[] = [
    () => Deno.remove(dir, { recursive: true }).catch(() => {}),
  ];
  const cleanup = async () => {
    for (const f of stack.reverse()) await f().catch(() => {});
  };
  try {
    await Deno.mkdir(`${dir}/bin`);
    await Deno.writeTextFile(
      `${dir}/bin/esim-rails`,
      `#!/bin/sh\nexec "${Deno.execPath()}" run -A --quiet "${ROOT}main.ts" "$@"\n`,
      { mode: 0o755 },
    );
    await Deno.symlink(`${ROOT}examples`, `${dir}/examples`);
    const secret = (name: string) =>
      Deno.writeTextFile(`${dir}/${name}`, crypto.randomUUID() + "\n", { mode: 0o600 });
    await secret("supplier.secret");
    await secret("webhook.secret");
    await Deno.writeTextFile(`${dir}/buyer.key`, KEYS.buyer.slice(2) + "\n", { mode: 0o600 });
    await Deno.writeTextFile(`${dir}/facilitator.key`, KEYS.facilitator.slice(2) + "\n", {
      mode: 0o600,
    });

    const chain = await startChain();
    stack.push(() => chain.stop());
    await chain.mint(buyer.address, 50_000_000n);

    const supplier = await spawnServe([
      "supplier",
      "--port",
      "0",
      "--secret-file",
      `${dir}/supplier.secret`,
      "--profile-delay-ms",
      "0",
      "--kv-path",
      ":memory:",
    ], { cwd: dir });
    stack.push(() => supplier.stop());
    const receiver = await spawnServe([
      "webhooks",
      "listen",
      "--port",
      "0",
      "--secret-file",
      `${dir}/webhook.secret`,
    ], { cwd: dir });
    stack.push(() => receiver.stop());
    const serve = await spawnServe(["serve"], {
      cwd: dir,
      env: {
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: `${dir}/data`,
        SUPPLIER: "http",
        SUPPLIER_URL: supplier.url,
        SUPPLIER_SECRET_FILE: `${dir}/supplier.secret`,
        WEBHOOK_URL: `${receiver.url}/`,
        WEBHOOK_SECRET_FILE: `${dir}/webhook.secret`,
        PAY_TO_EVM: seller.address,
        FACILITATOR_KEY_FILE: `${dir}/facilitator.key`,
        RPC_URL: chain.rpcUrl,
      },
    });
    stack.push(() => serve.stop());

    const ports: [string, string][] = [
      ["127.0.0.1:8402", hostPort(serve.url)],
      ["127.0.0.1:8787", hostPort(supplier.url)],
      ["127.0.0.1:8788", hostPort(receiver.url)],
    ];
    const substitutePorts = (text: string) =>
      ports.reduce((t, [from, to]) => t.replaceAll(from, to), text);

    const pages = new Map<string, string>();
    const pageDir = async (page: string) => {
      let path = pages.get(page);
      if (path) return path;
      path = `${dir}/pages/${page.replace(/[^\w.-]/g, "_")}`;
      await Deno.mkdir(path, { recursive: true });
      for (const name of ["examples", "data"]) {
        await Deno.symlink(`${dir}/${name}`, `${path}/${name}`);
      }
      for (const name of ["buyer.key", "supplier.secret", "webhook.secret"]) {
        await Deno.copyFile(`${dir}/${name}`, `${path}/${name}`);
      }
      pages.set(page, path);
      return path;
    };

    const run = async (script: string, cwd = dir) => {
      const out = await new Deno.Command("bash", {
        args: ["-c", `set -eo pipefail\n${script}`],
        cwd,
        env: { PATH: `${dir}/bin:${Deno.env.get("PATH") ?? ""}`, NO_COLOR: "1" },
        stdin: "null",
        stdout: "piped",
        stderr: "piped",
      }).output();
      const dec = new TextDecoder();
      return { code: out.code, output: dec.decode(out.stdout) + dec.decode(out.stderr) };
    };

    return {
      dir,
      serve,
      supplier,
      receiver,
      chain,
      substitutePorts,
      pageDir,
      run,
      [Symbol.asyncDispose]: cleanup,
    };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

/**
 * A throwaway certificate authority and a server certificate for `localhost`/`127.0.0.1`, made
 * with the openssl binary, for tests that need https on loopback. Clients trust the CA with
 * `Deno.createHttpClient({ caCerts })` in-process, or `DENO_CERT=<caFile>` in a child process.
 */
export interface TestTls extends AsyncDisposable {
  dir: string;
  /** PEM of the CA certificate, and the file holding it (for DENO_CERT). */
  caPem: string;
  caFile: string;
  /** The server's certificate chain and key (PEM), for `Deno.serve({ cert, key })`. */
  cert: string;
  key: string;
  /** A client that trusts the CA. */
  client: Deno.HttpClient;
}

async function openssl(args: string[], cwd: string): Promise<void> {
  const out = await new Deno.Command("openssl", { args, cwd, stdout: "piped", stderr: "piped" })
    .output();
  if (out.code !== 0) {
    throw new Error(`openssl ${args[0]} failed: ${new TextDecoder().decode(out.stderr)}`);
  }
}

export async function makeTestTls(): Promise<TestTls> {
  const dir = await Deno.makeTempDir({ prefix: "esim-rails-tls-" });
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  await openssl([
    "req",
    "-x509",
    ...ec,
    "-keyout",
    "ca.key",
    "-out",
    "ca.crt",
    "-days",
    "2",
    "-subj",
    "/CN=esim-rails test CA",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  ], dir);
  await openssl(
    ["req", ...ec, "-keyout", "leaf.key", "-out", "leaf.csr", "-subj", "/CN=localhost"],
    dir,
  );
  await Deno.writeTextFile(
    `${dir}/leaf.ext`,
    "subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\n" +
      "keyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n",
  );
  await openssl([
    "x509",
    "-req",
    "-in",
    "leaf.csr",
    "-CA",
    "ca.crt",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "leaf.crt",
    "-days",
    "2",
    "-extfile",
    "leaf.ext",
  ], dir);
  const caPem = await Deno.readTextFile(`${dir}/ca.crt`);
  const client = Deno.createHttpClient({ caCerts: [caPem] });
  return {
    dir,
    caPem,
    caFile: `${dir}/ca.crt`,
    cert: await Deno.readTextFile(`${dir}/leaf.crt`),
    key: await Deno.readTextFile(`${dir}/leaf.key`),
    client,
    async [Symbol.asyncDispose]() {
      client.close();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

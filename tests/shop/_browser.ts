/**
 * Real headless Chromium for the storefront's browser tests: Debian's `chromium` driven by
 * puppeteer-core (test-only), started with the flags this machine needs (no background
 * networking: the network is closed) and a fresh profile; QR codes in the page are decoded with
 * Debian's `zbarimg`. Tests are skipped, with the reason in their name, when either is missing.
 */
const CHROMIUM = "/usr/bin/chromium";
const ZBARIMG = "/usr/bin/zbarimg";

/** Screenshots are kept here as test artifacts. */
export const ARTIFACTS = new URL("../../.tmp/shop-browser/", import.meta.url).pathname;

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Why the browser tests cannot run here (empty when they can). */
export const missingTools: string[] = [
  exists(CHROMIUM) ? "" : "chromium not installed (Debian package chromium)",
  exists(ZBARIMG) ? "" : "zbarimg not installed (Debian package zbar-tools)",
].filter(Boolean);

/** Launches Chromium with a fresh profile; `close()` also removes the profile. */
export async function launchBrowser() {
  // Test-only dependency: a full pinned specifier, kept out of deno.json "imports".
  // deno-lint-ignore no-import-prefix
  const { default: puppeteer } = await import("npm:puppeteer-core@25.16.0");
  await Deno.mkdir(ARTIFACTS, { recursive: true });
  const profile = await Deno.makeTempDir({ prefix: "esim-chromium-" });
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: false,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--user-data-dir=${profile}`,
    ],
  });
  const close = browser.close.bind(browser);
  browser.close = async () => {
    await close();
    await Deno.remove(profile, { recursive: true }).catch(() => {});
  };
  return browser;
}

/** Screenshots `element` to `file` and returns what `zbarimg` decodes from it (throws if none). */
export async function decodeQr(
  element: { screenshot(o: { path: string }): Promise<unknown> },
  file: string,
): Promise<string> {
  await element.screenshot({ path: file });
  const out = await new Deno.Command(ZBARIMG, {
    args: ["--raw", "-q", file],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (out.code !== 0) throw new Error(`zbarimg: ${new TextDecoder().decode(out.stderr)}`);
  return new TextDecoder().decode(out.stdout).trim();
}

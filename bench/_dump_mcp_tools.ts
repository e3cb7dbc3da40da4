/**
 * Dumps the real tools/list of popular MCP servers published on npm, for the firewall
 * evaluation's benign real-server set (bench/data/mcp_servers/*.json).
 *
 * Not part of the test suite: it installs each package with npm into a scratch folder
 * (`--ignore-scripts`, so nothing downloads browsers or binaries), spawns its bin over stdio
 * with dummy credentials, and writes `{ package, version, tools }`. Servers that do not start
 * without real credentials or a running service are listed as skipped, with the reason.
 *
 *   deno run -A bench/_dump_mcp_tools.ts [--only name,name] [--jobs 2]
 */
import { listToolsOverStdio } from "../tests/security/_mcp_stdio.ts";

interface Server {
  pkg: string;
  /** Bin name when the package has several. */
  bin?: string;
  args?: string[];
  env?: Record<string, string>;
}

// Dummy values: just enough for a server to start and list its tools (nothing is called).
const DUMMY = "dummy-token-for-tools-list-0000000000";
export const SERVERS: Server[] = [
  { pkg: "@modelcontextprotocol/server-filesystem", args: ["{tmp}"] },
  { pkg: "@modelcontextprotocol/server-memory" },
  { pkg: "@modelcontextprotocol/server-everything", args: ["stdio"] },
  { pkg: "@modelcontextprotocol/server-sequential-thinking" },
  { pkg: "@modelcontextprotocol/server-github", env: { GITHUB_PERSONAL_ACCESS_TOKEN: DUMMY } },
  { pkg: "@modelcontextprotocol/server-gitlab", env: { GITLAB_PERSONAL_ACCESS_TOKEN: DUMMY } },
  {
    pkg: "@modelcontextprotocol/server-slack",
    env: { SLACK_BOT_TOKEN: DUMMY, SLACK_TEAM_ID: "T0" },
  },
  { pkg: "@modelcontextprotocol/server-brave-search", env: { BRAVE_API_KEY: DUMMY } },
  { pkg: "@modelcontextprotocol/server-google-maps", env: { GOOGLE_MAPS_API_KEY: DUMMY } },
  { pkg: "@modelcontextprotocol/server-puppeteer" },
  { pkg: "@modelcontextprotocol/server-postgres", args: ["postgresql://127.0.0.1:1/none"] },
  { pkg: "@modelcontextprotocol/server-redis", args: ["redis://127.0.0.1:1"] },
  { pkg: "@modelcontextprotocol/server-everart", env: { EVERART_API_KEY: DUMMY } },
  {
    pkg: "@modelcontextprotocol/server-aws-kb-retrieval",
    env: { AWS_ACCESS_KEY_ID: "AKIA0", AWS_SECRET_ACCESS_KEY: DUMMY, AWS_REGION: "us-east-1" },
  },
  { pkg: "@modelcontextprotocol/server-gdrive" },
  { pkg: "chrome-devtools-mcp" },
  { pkg: "@upstash/context7-mcp" },
  { pkg: "@playwright/mcp" },
  { pkg: "@notionhq/notion-mcp-server", env: { NOTION_TOKEN: DUMMY } },
  { pkg: "@supabase/mcp-server-supabase", args: ["--access-token", DUMMY] },
  { pkg: "@azure-devops/mcp", args: ["dummyorg"] },
  { pkg: "@gongrzhe/server-gmail-autoauth-mcp" },
  { pkg: "nx-mcp", args: ["{tmp}"] },
  { pkg: "@circleci/mcp-server-circleci", env: { CIRCLECI_TOKEN: DUMMY } },
  { pkg: "next-devtools-mcp" },
  { pkg: "mongodb-mcp-server" },
  { pkg: "@stripe/mcp", args: ["--tools=all", "--api-key=sk_test_dummy"] },
  { pkg: "tavily-mcp", env: { TAVILY_API_KEY: DUMMY } },
  { pkg: "@zereight/mcp-gitlab", env: { GITLAB_PERSONAL_ACCESS_TOKEN: DUMMY } },
  { pkg: "firecrawl-mcp", env: { FIRECRAWL_API_KEY: "fc-dummy" } },
  { pkg: "@executeautomation/playwright-mcp-server" },
  { pkg: "@eslint/mcp" },
  { pkg: "@mastra/mcp-docs-server" },
  { pkg: "@winor30/mcp-server-datadog", env: { DATADOG_API_KEY: DUMMY, DATADOG_APP_KEY: DUMMY } },
  { pkg: "@antv/mcp-server-chart" },
  { pkg: "@cocal/google-calendar-mcp" },
  { pkg: "@hubspot/mcp-server", env: { PRIVATE_APP_ACCESS_TOKEN: DUMMY } },
  { pkg: "@shortcut/mcp", env: { SHORTCUT_API_TOKEN: DUMMY } },
  { pkg: "@apify/actors-mcp-server", env: { APIFY_TOKEN: DUMMY } },
  { pkg: "@drawio/mcp" },
  { pkg: "@currents/mcp", env: { CURRENTS_API_KEY: DUMMY } },
  { pkg: "@brave/brave-search-mcp-server", env: { BRAVE_API_KEY: DUMMY } },
  { pkg: "mcp-server-code-runner" },
  {
    pkg: "@aashari/mcp-server-atlassian-jira",
    env: { ATLASSIAN_SITE_NAME: "x", ATLASSIAN_USER_EMAIL: "a@b.c", ATLASSIAN_API_TOKEN: DUMMY },
  },
  { pkg: "@browsermcp/mcp" },
  {
    pkg: "@ivotoby/openapi-mcp-server",
    args: [
      "--api-base-url",
      "http://127.0.0.1:1",
      "--openapi-spec",
      "http://127.0.0.1:1/openapi.json",
    ],
  },
  { pkg: "@benborla29/mcp-server-mysql" },
  { pkg: "@shopify/dev-mcp" },
  { pkg: "@softeria/ms-365-mcp-server" },
  { pkg: "@a-bonus/google-docs-mcp" },
  { pkg: "@mondaydotcomorg/monday-api-mcp", args: ["-t", DUMMY] },
  { pkg: "@mapbox/mcp-server", env: { MAPBOX_ACCESS_TOKEN: "pk.dummy" } },
  {
    pkg: "argocd-mcp",
    args: ["stdio"],
    env: { ARGOCD_BASE_URL: "http://127.0.0.1:1", ARGOCD_API_TOKEN: DUMMY },
  },
  { pkg: "mcp-server-kubernetes" },
  { pkg: "@amap/amap-maps-mcp-server", env: { AMAP_MAPS_API_KEY: DUMMY } },
  { pkg: "@openbnb/mcp-server-airbnb" },
  { pkg: "@heroku/mcp-server", env: { HEROKU_API_KEY: DUMMY } },
  { pkg: "@cyanheads/git-mcp-server" },
  { pkg: "@pinecone-database/mcp" },
  { pkg: "airtable-mcp-server", env: { AIRTABLE_API_KEY: DUMMY } },
  { pkg: "@roychri/mcp-server-asana", env: { ASANA_ACCESS_TOKEN: DUMMY } },
  { pkg: "@agentdeskai/browser-tools-mcp" },
  { pkg: "fetcher-mcp" },
  { pkg: "@mui/mcp" },
  { pkg: "replicate-mcp", env: { REPLICATE_API_TOKEN: DUMMY } },
  { pkg: "mcp-deepwiki" },
  { pkg: "@cloudflare/mcp-server-cloudflare", args: ["run", "0"] },
  { pkg: "@skanda-yutori/mcp-send-email", env: { RESEND_API_KEY: "re_dummy" } },
  { pkg: "reddit-mcp-buddy" },
  { pkg: "@agent-infra/mcp-server-filesystem", args: ["--allowed-directories", "{tmp}"] },
  { pkg: "linear-mcp", env: { LINEAR_API_KEY: DUMMY } },
  {
    pkg: "@line/line-bot-mcp-server",
    env: { CHANNEL_ACCESS_TOKEN: DUMMY, DESTINATION_USER_ID: "U0" },
  },
  { pkg: "@sylphx/pdf-reader-mcp" },
  { pkg: "mcp-searxng", env: { SEARXNG_URL: "http://127.0.0.1:1" } },
  { pkg: "@chakra-ui/react-mcp" },
  {
    pkg: "@browserstack/mcp-server",
    env: { BROWSERSTACK_USERNAME: "x", BROWSERSTACK_ACCESS_KEY: DUMMY },
  },
  {
    pkg: "@tiberriver256/mcp-server-azure-devops",
    env: {
      AZURE_DEVOPS_ORG_URL: "https://dev.azure.com/x",
      AZURE_DEVOPS_AUTH_METHOD: "pat",
      AZURE_DEVOPS_PAT: DUMMY,
    },
  },
  {
    pkg: "@browserbasehq/mcp-server-browserbase",
    env: { BROWSERBASE_API_KEY: DUMMY, BROWSERBASE_PROJECT_ID: "p" },
  },
  { pkg: "exa-mcp-server", env: { EXA_API_KEY: DUMMY } },
  { pkg: "@wonderwhy-er/desktop-commander" },
  { pkg: "@kazuph/mcp-taskmanager" },
  { pkg: "mcp-server-sqlite-npx", args: ["{tmp}/x.db"] },
  { pkg: "figma-developer-mcp", args: ["--stdio"], env: { FIGMA_API_KEY: DUMMY } },
  { pkg: "@kimtaeyoon83/mcp-server-youtube-transcript" },
  { pkg: "@modelcontextprotocol/server-bluesky" },
  { pkg: "duckduckgo-mcp-server" },
  { pkg: "@oevortex/ddg_search" },
  { pkg: "@neondatabase/mcp-server-neon", args: ["start", DUMMY] },
  { pkg: "@sentry/mcp-server", args: ["--access-token", DUMMY] },
  { pkg: "mcp-server-perplexity-ask", env: { PERPLEXITY_API_KEY: DUMMY } },
  { pkg: "server-perplexity-ask", env: { PERPLEXITY_API_KEY: DUMMY } },
  { pkg: "@21st-dev/magic", env: { API_KEY: DUMMY } },
  { pkg: "@magicuidesign/mcp" },
  { pkg: "@arabold/docs-mcp-server" },
  { pkg: "@mzxrai/mcp-webresearch" },
  { pkg: "@translated/lara-mcp", env: { LARA_ACCESS_KEY_ID: "x", LARA_ACCESS_KEY_SECRET: DUMMY } },
  { pkg: "@e2b/mcp-server", env: { E2B_API_KEY: DUMMY } },
  { pkg: "@auth0/auth0-mcp-server", args: ["run"] },
  { pkg: "@growthbook/mcp", env: { GB_API_KEY: DUMMY, GB_USER: "a@b.c" } },
  {
    pkg: "@contentful/mcp-server",
    env: { CONTENTFUL_MANAGEMENT_ACCESS_TOKEN: DUMMY, SPACE_ID: "s" },
  },
  { pkg: "@sanity/mcp-server" },
  { pkg: "mcp-obsidian", args: ["{tmp}"] },
  { pkg: "@llmindset/mcp-hfspace" },
  { pkg: "@twilio-alpha/mcp", args: ["AC00000000000000000000000000000000/SK0:secret"] },
  {
    pkg: "@elastic/mcp-server-elasticsearch",
    env: { ES_URL: "http://127.0.0.1:1", ES_API_KEY: DUMMY },
  },
  {
    pkg: "@paypal/mcp",
    args: ["--tools=all"],
    env: { PAYPAL_ACCESS_TOKEN: DUMMY, PAYPAL_ENVIRONMENT: "SANDBOX" },
  },
];

const ROOT = new URL("../", import.meta.url);
const OUT = new URL("bench/data/mcp_servers/", ROOT);
const CACHE = new URL(".tmp/mcp-servers/", ROOT);

function slug(pkg: string): string {
  return pkg.replace(/^@/, "").replace(/[^A-Za-z0-9._-]+/g, "__");
}

async function run(
  cmd: string,
  args: string[],
  cwd: string,
): Promise<{ ok: boolean; err: string }> {
  const out = await new Deno.Command(cmd, {
    args,
    cwd,
    stdout: "null",
    stderr: "piped",
    signal: AbortSignal.timeout(300_000),
  }).output();
  return { ok: out.success, err: new TextDecoder().decode(out.stderr).slice(-400) };
}

function binPath(dir: string, s: Server): string {
  const meta = JSON.parse(Deno.readTextFileSync(`${dir}/node_modules/${s.pkg}/package.json`));
  let rel: string;
  if (typeof meta.bin === "string") rel = meta.bin;
  else if (meta.bin && Object.keys(meta.bin).length > 0) {
    rel = (s.bin ? meta.bin[s.bin] : Object.values(meta.bin)[0]) as string;
  } else rel = meta.main ?? "index.js";
  return `${dir}/node_modules/${s.pkg}/${rel}`;
}

async function dumpOne(s: Server): Promise<string> {
  const dir = new URL(slug(s.pkg) + "/", CACHE).pathname;
  await Deno.mkdir(dir, { recursive: true });
  const tmp = await Deno.makeTempDir();
  try {
    const meta = `${dir}/node_modules/${s.pkg}/package.json`;
    if (!(await Deno.stat(meta).then(() => true, () => false))) {
      await Deno.writeTextFile(`${dir}/package.json`, '{"private":true}');
      const r = await run("npm", [
        "install",
        "--ignore-scripts",
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
        s.pkg,
      ], dir);
      if (!r.ok) return `skipped ${s.pkg}: npm install failed: ${r.err.trim().split("\n").pop()}`;
    }
    const version = JSON.parse(Deno.readTextFileSync(meta)).version as string;
    const args = (s.args ?? []).map((a) => a.replaceAll("{tmp}", tmp));
    const tools = await listToolsOverStdio(binPath(dir, s), args, {
      env: { ...(s.env ?? {}), HOME: tmp },
      timeoutMs: 45_000,
    });
    if (tools.length === 0) return `skipped ${s.pkg}: no tools listed`;
    const file = new URL(slug(s.pkg) + ".json", OUT);
    await Deno.writeTextFile(
      file,
      JSON.stringify({ package: s.pkg, version, tools }, null, 2) + "\n",
    );
    return `ok ${s.pkg}@${version}: ${tools.length} tools`;
  } catch (e) {
    return `skipped ${s.pkg}: ${(e instanceof Error ? e.message : String(e)).slice(0, 200)}`;
  } finally {
    await Deno.remove(tmp, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) {
  const only = Deno.args.includes("--only")
    ? new Set(Deno.args[Deno.args.indexOf("--only") + 1]!.split(","))
    : null;
  const jobs = Deno.args.includes("--jobs")
    ? Number(Deno.args[Deno.args.indexOf("--jobs") + 1])
    : 2;
  await Deno.mkdir(OUT, { recursive: true });
  const queue = SERVERS.filter((s) => !only || only.has(s.pkg));
  const worker = async () => {
    for (let s = queue.shift(); s; s = queue.shift()) console.log(await dumpOne(s));
  };
  await Promise.all(Array.from({ length: jobs }, worker));
}

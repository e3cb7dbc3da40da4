/**
 * The subcommand table. Each entry loads its module lazily so `esim-rails --help` stays fast
 * and a subcommand's dependencies (viem, ajv, ...) load only when it runs.
 */
import type { CliCommand } from "./args.ts";

export interface CommandEntry {
  summary: string;
  load: () => Promise<{ command: CliCommand }>;
}

export const COMMANDS: Record<string, CommandEntry> = {
  serve: {
    summary: "run the HTTP server (x402 API and seller node)",
    load: () => import("./serve.ts"),
  },
  keygen: {
    summary: "create key files (Ed25519, ECVRF, secp256k1, secrets)",
    load: () => import("./keygen.ts"),
  },
  call: {
    summary: "call a paid x402 route, paying with a buyer key; prints result and receipt",
    load: () => import("./call.ts"),
  },
  verify: {
    summary: "verify a receipt, a signed free answer or a transparency record offline",
    load: () => import("./verify.ts"),
  },
  "x402-check": {
    summary: "check an x402 payment offline (free; same JSON as POST /x402/x402-check)",
    load: () => import("./x402_check.ts"),
  },
  random: {
    summary: "prove or verify a fair-random ECVRF draw offline (RFC 9381)",
    load: () => import("./random.ts"),
  },
  check: {
    summary: "conformance check of any seller node (esim.*@v1); never pays",
    load: () => import("./check.ts"),
  },
  dev: {
    summary: "local sandbox: test chain, funded buyer, supplier, webhooks, serve; prints calls",
    load: () => import("./dev.ts"),
  },
  supplier: {
    summary: "run the reference HTTP supplier receiver (operator side of SUPPLIER=http)",
    load: () => import("./supplier.ts"),
  },
  webhooks: {
    summary: "run the reference webhook receiver (webhooks listen --secret-file <f>)",
    load: () => import("./webhooks.ts"),
  },
  store: {
    summary: "store migrate|export|import: PostgreSQL schema, move data between backends",
    load: () => import("./store.ts"),
  },
  events: {
    summary: "list stored webhook events and their delivery status (--failed)",
    load: () => import("./events.ts"),
  },
  orders: {
    summary: "list storefront and agent orders with what needs a human (--status, --json)",
    load: () => import("./orders.ts"),
  },
  scan: {
    summary: "firewall-scan an MCP tools/list offline (exit 1 on block)",
    load: () => import("./scan.ts"),
  },
  weather: {
    summary: "current weather at a place from the nearest live station (weather-now, free)",
    load: () => import("./weather.ts"),
  },
  air: {
    summary: "current modelled air quality at a place (air-quality-now, free)",
    load: () => import("./air.ts"),
  },
  sensors: {
    summary: "nearest live public sensors per layer (nearby-sensors, free)",
    load: () => import("./sensors.ts"),
  },
  log: {
    summary: "feed and audit the MCP transparency log (log observe|crawl|verify)",
    load: () => import("./log.ts"),
  },
  diff: {
    summary: "mcp-diff two MCP tools/list results offline (exit 1 on suspicious)",
    load: () => import("./diff.ts"),
  },
};

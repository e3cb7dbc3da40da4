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
    summary: "verify a receipt or a signed free answer offline with the public key",
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
  scan: {
    summary: "firewall-scan an MCP tools/list offline (exit 1 on block)",
    load: () => import("./scan.ts"),
  },
  diff: {
    summary: "mcp-diff two MCP tools/list results offline (exit 1 on suspicious)",
    load: () => import("./diff.ts"),
  },
};

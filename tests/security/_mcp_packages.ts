/**
 * The official MCP reference servers, test-only npm packages pinned with full specifiers (never
 * in deno.json "imports"). Re-exporting each manifest makes Deno install the package into
 * node_modules, where `binOf` finds its bin script.
 */
export {
  default as filesystem,
} from "npm:@modelcontextprotocol/server-filesystem@2026.8.31/package.json" with {
  type: "json",
};
export {
  default as memory,
} from "npm:@modelcontextprotocol/server-memory@2026.8.31/package.json" with {
  type: "json",
};
export {
  default as everything,
} from "npm:@modelcontextprotocol/server-everything@2026.8.31/package.json" with {
  type: "json",
};
export {
  default as sequentialThinking,
} from "npm:@modelcontextprotocol/server-sequential-thinking@2026.8.31/package.json" with {
  type: "json",
};

/**
 * The fixed dev/held-out split of the firewall evaluation set, decided by a hash of each case
 * id (never by looking at a case): SHA-256 of the id, first byte below 128 → `dev`, else
 * `heldout`. Cases in a file marked `"split": "heldout"` (written in new words, before any rule
 * change) are all held out. Real servers are split the same way by package name.
 */
import { createHash } from "node:crypto";

export type Split = "dev" | "heldout";

/** The split of one id: deterministic, independent of the case's content. */
export function splitOf(id: string): Split {
  const first = createHash("sha256").update(id, "utf8").digest()[0]!;
  return first < 128 ? "dev" : "heldout";
}

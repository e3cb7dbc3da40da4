/**
 * The conformance report as a checklist for people: one line per check (outcome, number,
 * title, reason), the evidence under each failure or warning, and the statement at the end.
 * Colour (ANSI) only when asked, so pipes and files get plain text.
 *
 * @example
 * ```ts
 * import { formatReport } from "./format.ts";
 * // console.log(formatReport(report, { colour: Deno.stdout.isTerminal() }));
 * ```
 */
import { CHECKS, type Evidence, type Outcome, type Report } from "./types.ts";

const ANSI: Record<Outcome | "bold" | "dim", [string, string]> = {
  pass: ["\x1b[32m", "\x1b[39m"],
  fail: ["\x1b[31m", "\x1b[39m"],
  warn: ["\x1b[33m", "\x1b[39m"],
  skip: ["\x1b[90m", "\x1b[39m"],
  bold: ["\x1b[1m", "\x1b[22m"],
  dim: ["\x1b[2m", "\x1b[22m"],
};

/**
 * Text from the node (error codes, header values, messages) made safe for a terminal: control
 * characters (ESC, CR, BEL, C1 ...) are shown as `\u001b` escapes, so a hostile node cannot
 * rewrite or hide lines of the checklist with ANSI sequences.
 *
 * @example
 * ```ts
 * import { printable } from "./format.ts";
 * printable("a\x1b[2Jb"); // "a\\u001b[2Jb"
 * ```
 */
export function printable(text: string): string {
  return text.replace(
    // deno-lint-ignore no-control-regex
    /[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** One evidence item on one line: `POST /quote → 200; X-Provider-Signature; at /x; found …`. */
export function formatEvidence(e: Evidence): string {
  const parts = [e.status === undefined ? e.request : `${e.request} → ${e.status}`];
  if (e.header) parts.push(`header ${e.header}`);
  if (e.pointer !== undefined) parts.push(`at ${e.pointer === "" ? "(root)" : e.pointer}`);
  if (e.found !== undefined) parts.push(`found ${e.found}`);
  if (e.expected !== undefined) parts.push(`expected ${e.expected}`);
  return printable(parts.join("; "));
}

/** The checklist text (no trailing newline). */
export function formatReport(report: Report, options: { colour?: boolean } = {}): string {
  const paint = (k: keyof typeof ANSI, s: string) =>
    options.colour ? ANSI[k][0] + s + ANSI[k][1] : s;
  const width = Math.max(...CHECKS.map((c) => c.title.length));
  const lines = [
    paint(
      "bold",
      `Conformance check of ${printable(report.target)} (country ${printable(report.country)})`,
    ),
    "",
  ];
  for (const c of report.checks) {
    const tag = paint(c.outcome, c.outcome.toUpperCase());
    lines.push(`  ${tag}  ${c.id}  ${c.title.padEnd(width)}  ${printable(c.reason)}`);
    if (c.outcome === "fail" || c.outcome === "warn") {
      const telling = c.evidence.filter((e) => Object.keys(e).length > 1);
      for (const e of telling) lines.push(paint("dim", `${" ".repeat(11)}${formatEvidence(e)}`));
    }
  }
  lines.push("");
  const colour = report.verdict === "conformant"
    ? "pass"
    : report.verdict === "inconclusive"
    ? "warn"
    : "fail";
  lines.push(paint("bold", paint(colour, printable(report.statement))));
  return lines.join("\n");
}

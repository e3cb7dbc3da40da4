/**
 * The user's data sent to a destination the schema fixes (rule `exfil.fixed_destination`). A
 * parameter whose fixed value (its default, const, an enum value, or an address in its own
 * description) is an outside address, and whose description says data is moved there, when
 * either:
 *
 * - the destination is locked against the user ("keep the default", "must not be changed even if
 *   the user gives another", "whatever the user picks", "the user cannot opt out"), or
 * - the receiver is a party other than the user and the service (a reviewer, partner,
 *   consultant, analysts, a bookkeeper, other clients) or a throwaway host (a tunnel, a request
 *   bin, a paste or transfer site, a bare IP), or
 * - a copy of raw or whole data also goes there ("every summary, with the original messages, is
 *   also delivered to this mailbox").
 *
 * Not: an address the user owns, sets or may change ("your CardDAV server; change it", "optional,
 * empty by default"), the local machine, a service's own API base with no third party, or data
 * said not to leave.
 */
import type { Collector } from "./_collector.ts";
import type { TextItem } from "./_corpus.ts";
import { ruleById } from "./rules.ts";

/** A fixed value of a top-level parameter (or of its array items). */
const VALUE_FIELD =
  /^(\/inputSchema\/properties\/[^/]+(?:\/items)?)\/(?:default|const|enum\/\d+|examples\/\d+)$/;
const DESC_FIELD = /^(\/inputSchema\/properties\/[^/]+(?:\/items)?)\/description$/;

/** An outside address: an e-mail, or a URL whose host is not this machine or a local name. */
const EMAIL = /[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+/;
const URL_HOST = /\b(?:https?|tcp|udp|s3|gs|ftp|sftp|wss?|smtp):\/\/([^\s/:?#'"`)]+)/i;
const LOCAL_HOST =
  /^(?:localhost|127\.|0\.0\.0\.0|\[?::1|10\.|192\.168\.|[\w.-]*\.(?:local|internal|localhost|lan|home)$)/;

function outside(v: string): boolean {
  const u = URL_HOST.exec(v);
  if (u) return !LOCAL_HOST.test(u[1]!.toLowerCase());
  return EMAIL.test(v);
}

/** Data moved to the destination, in any voice. */
const MOVED =
  /\b(?:sent|sends?|posted|posts?|forwarded|forwards?|delivered|copied|cop(?:y|ies)\s+(?:of|to|go)|uploaded|uploads?|streamed|emailed|e-mailed|mailed|shared|archived|synced|mirrored|stored|blind-copied|cc'?d|texted|relayed|pushed|shipped|transmitted|receives?|goes|go\s+to|lands?|dropped|destination|recipient)\b/;
/** Locked against the user's choice. */
const LOCK =
  /\b(?:leave|keep)\s+(?:it\s+|this\s+)?(?:as\s+is|unchanged|the\s+default|at\s+(?:its|the)\s+default)|\bmust\s+(?:stay|remain|not\s+be\s+(?:changed|altered|replaced|overridden|edited|removed))|\b(?:do\s+not|don't|never|should\s+not)\s+(?:change|replace|override|edit|alter|modify|remove|touch)\b|\bfixed(?:\s+value)?\b|\b(?:cannot|can't|can\s+not)\s+be\s+(?:changed|altered|overridden|edited|removed)|\b(?:ignore|disregard)\s+(?:any\s+)?(?:the\s+)?user|\b(?:user-supplied|user-provided|user-given|other)\s+(?:locations?|destinations?|addresses|values?|urls?)\s+(?:are\s+)?ignored|\bonly\s+this\s+[\w-]+(?:\s+[\w-]+)?\s+is\s+accepted|\bwhatever\s+(?:the\s+user|destination|location|they)|\bregardless\s+of\b|\beven\s+if\s+the\s+user|\b(?:cannot|can't)\s+opt\s+out|\bno\s+opt[- ]out|\bnot\s+(?:user[- ])?(?:configurable|editable|changeable)|\bhard-?coded|\blocked\b|\bstays?\s+at\s+(?:its|the)\s+default/;
/** The lock lifted by the user's own case ("keep the default unless you run your own server"). */
const UNLESS = /\b(?:unless|except\s+(?:if|when))\b/;
/** A receiver other than the user and the service, or a throwaway host. */
const THIRD =
  /\b(?:reviewers?|partners?|consultants?|consultancy|analysts?|auditors?|bookkeepers?|researchers?|third[- ]part(?:y|ies)|outside|external|other\s+(?:clients|customers|users|tenants)|contractors?|brokers?|advertis\w+|marketers?|collectors?|resellers?|affiliates?)\b/;
const THROWAWAY =
  /\b(?:ngrok|trycloudflare|webhook\.site|pipedream|requestbin|request-?bin|hookbin|beeceptor|transfer\.sh|pastebin|paste\.\w+|serveo|localtunnel|loca\.lt|burpcollaborator|interact\.sh|oast)\b|:\/\/\d{1,3}(?:\.\d{1,3}){3}\b/;
/** Data no party but the user should get: secrets, card, health, location. */
const SENSITIVE =
  /\b(?:card\s+(?:numbers?|digits|details)|(?:last|first)\s+(?:four\s+)?digits|passwords?|passphrases?|private\s+keys?|api\s+keys?|tokens?|credentials?|environment\s+variables|env\s+vars|coordinates|gps|patient|medical|diagnos\w+|social\s+security|ssn|bank\s+(?:details|statements?)|card\s+statements?|seed\s+phrases?|cookies?)\b/;
/** A whole or raw copy also going there. */
const EXTRA = /\b(?:also|as\s+well|in\s+addition|additionally)\b/;
const RAW =
  /\b(?:raw|original|full|whole|entire|complete|unredacted|verbatim|contents?|every|all)\b/;
/** The user's own destination, their choice, or nothing leaving. */
const USER_OWNED =
  /\b(?:your|the\s+user's|their)\s+own\b|\b(?:which|that)\s+(?:you|the\s+user)\s+(?:owns?|controls?|sets?|configures?|runs?)\b|\b(?:the\s+user|you)\s+(?:sets?|picks?|chooses?|names?|enters?|fills?|may|can)\b|(?<!(?:not|never|don't|to)\s)\bchange\s+(?:it|this)\b|\boptional\b|\bif\s+set\b|\bempty\s+(?:by\s+default|disables)|\bset\s+by\s+the\s+user\b|\bpoint\s+it\s+elsewhere\b|\b(?:never|not|nothing|no\s+\w+\s+(?:is|are))\s+(?:\w+\s+){0,2}(?:sent|shared|forwarded|copied|uploaded|leaves?)\b/;
const OWN = /\b(?:your|the\s+user's|their)\s+own\b/;
/** A service endpoint by name: it needs a third party or a throwaway host, not a lock alone. */
const ENDPOINT_NAME =
  /^(?:(?:api|base|server|service)[_-]?(?:url|base|host|endpoint)?|host|url|endpoint|region)$/i;

const RULE = ruleById("exfil.fixed_destination");

/** Whether one parameter's description makes its fixed outside value a destination for data. */
function fixesDestination(name: string, desc: string, value: string): boolean {
  const low = desc.toLowerCase();
  if (!MOVED.test(low)) return false;
  const third = THIRD.test(low) || THROWAWAY.test(value.toLowerCase());
  if (ENDPOINT_NAME.test(name)) return third && !USER_OWNED.test(low);
  // A lock outweighs the user's say it quotes ("whatever the user picks"), not their own address.
  const lock = LOCK.exec(low);
  if (lock && !UNLESS.test(low.slice(lock.index)) && !OWN.test(low)) return true;
  if (USER_OWNED.test(low)) return false;
  return third || SENSITIVE.test(low) || (EXTRA.test(low) && RAW.test(low));
}

export function scanFixedDestination(
  col: Collector,
  texts: readonly (readonly TextItem[])[],
): void {
  const memo = new Map<string, boolean>();
  texts.forEach((items, index) => {
    // Parameters with a fixed outside value (or an address in their description).
    let fixed: Map<string, string> | undefined;
    for (const it of items) {
      const v = it.text;
      if (v.length < 6 || (v.indexOf("@") < 0 && v.indexOf("://") < 0)) continue;
      // An address in a description counts only in a short one (long ones quote examples).
      const m = VALUE_FIELD.exec(it.field) ?? (v.length <= 240 ? DESC_FIELD.exec(it.field) : null);
      if (m === null || !outside(v)) continue;
      (fixed ??= new Map()).set(m[1]!, v);
    }
    if (fixed === undefined) return;
    for (const it of items) {
      const m = DESC_FIELD.exec(it.field);
      if (m === null) continue;
      const value = fixed.get(m[1]!);
      if (value === undefined) continue;
      const name = m[1]!.split("/")[3]!;
      const key = `${name}\u0000${value}\u0000${it.text}`;
      let hit = memo.get(key);
      if (hit === undefined) memo.set(key, hit = fixesDestination(name, it.text, value));
      if (!hit) continue;
      col.add(RULE, index, it.field, 0, it.text.slice(0, 200), {
        key: `${RULE.id}:${name}:${it.text.slice(0, 60)}`,
      });
    }
  });
}

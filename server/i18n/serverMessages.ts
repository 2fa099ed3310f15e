// Reads the server's Lingui catalogs (locales/{locale}/server.po) and compiles their ICU messages,
// as `lingui compile` would, for the server run from source (tsx, vitest). The production bundle
// never runs this: scripts/buildServer.ts runs it at build time and puts its result in place of
// this module, so `node build/server/main.mjs` reads no .po and carries no parser.
// NOTE: read at start rather than compiled to a generated module first: tsx, vitest, typecheck,
// lint and every tsx command line would each need that step before starting; this way an edited
// .po counts at the next start, with nothing to forget and nothing generated to commit.
// NOTE: pofile is the parser @lingui/format-po wraps; format-po itself imports all of date-fns
// (for the header's date), about 160 ms at every test file's start. Every server message has an
// explicit id (`#. js-lingui-explicit-id`), so an entry's msgid is its id; others are refused.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type CompiledMessage,
  compileMessageOrThrow,
} from "@lingui/message-utils/compileMessage";
import PO from "pofile";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../lib/locale";

/** Compiled messages by locale, then by message id. */
export type ServerMessages = Record<Locale, Record<string, CompiledMessage>>;

const EXPLICIT_ID = "js-lingui-explicit-id";

/**
 * locales/<locale>/server.po of this source tree. Under jsdom (a tab test that builds a push
 * payload), Vitest gives modules root-relative URLs, so the working directory (the repo) answers.
 */
function catalogFile(locale: Locale): string {
  const beside = fileURLToPath(
    new URL(`../../locales/${locale}/server.po`, import.meta.url),
  );
  return existsSync(beside)
    ? beside
    : join(process.cwd(), "locales", locale, "server.po");
}

/** Each locale's id → translation; an empty one falls back to the source locale's (cn). */
export function loadServerMessages(): ServerMessages {
  if (!import.meta.url.endsWith(".ts"))
    throw new Error(
      "server catalogs: a bundle carries them compiled (scripts/buildServer.ts)",
    );
  const texts = new Map<Locale, Map<string, string>>();
  for (const locale of LOCALES) {
    const file = catalogFile(locale);
    const entries = new Map<string, string>();
    for (const item of PO.parse(readFileSync(file, "utf8")).items) {
      if (item.obsolete) continue;
      if (!item.extractedComments.includes(EXPLICIT_ID))
        throw new Error(
          `${locale}/server.po: "${item.msgid}" has no explicit id`,
        );
      entries.set(item.msgid, item.msgstr.join(""));
    }
    texts.set(locale, entries);
  }
  const source = texts.get(DEFAULT_LOCALE);
  const compile = (locale: Locale) => {
    const compiled: Record<string, CompiledMessage> = {};
    for (const [id, text] of texts.get(locale) ?? []) {
      const chosen = text !== "" ? text : (source?.get(id) ?? "");
      if (chosen !== "") compiled[id] = compileMessageOrThrow(chosen);
    }
    return compiled;
  };
  return { cn: compile("cn"), tw: compile("tw"), en: compile("en") };
}

// The Content-Security-Policy sources ('sha256-…') of the inline scripts in the app's shell
// (index.html): the policy lets in exactly those and no other inline script. The shell's one inline
// script applies the colour mode before the first paint (src/themeInit.js, inlined by the build).
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Inline classic scripts only: `<script>` without attributes (a `src` script has no body). */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** One `'sha256-…'` source per inline script of `html`, in document order. */
export function inlineScriptHashes(html: string): string[] {
  return Array.from(
    html.matchAll(INLINE_SCRIPT),
    ([, body = ""]) =>
      `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`,
  );
}

/** The hashes of the shell that `staticDir` serves; none when no app is built there. */
export function shellInlineScriptHashes(staticDir: string): string[] {
  const shell = join(staticDir, "index.html");
  return existsSync(shell)
    ? inlineScriptHashes(readFileSync(shell, "utf8"))
    : [];
}

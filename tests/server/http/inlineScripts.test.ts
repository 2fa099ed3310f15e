// The CSP sources of the shell's inline scripts: one SHA-256 per inline classic script, in document
// order, and nothing for scripts loaded from a file.
import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  inlineScriptHashes,
  shellInlineScriptHashes,
} from "../../../server/http/inlineScripts";

describe("inlineScriptHashes", () => {
  it("hashes each inline script's exact text, as browsers do for a CSP hash source", () => {
    const first = 'document.documentElement.dataset.theme="dark"';
    const html = `<head><script>${first}</script><script type="module" src="/a.js"></script></head><body><script></script></body>`;
    expect(inlineScriptHashes(html)).toEqual([
      `'sha256-${createHash("sha256").update(first).digest("base64")}'`,
      // SHA-256 of the empty string (FIPS 180-2 test vector), in base64.
      "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
    ]);
  });

  it("gives nothing for a shell whose scripts are all files", () => {
    expect(
      inlineScriptHashes(
        '<script src="/theme.js"></script><script type="module" src="/a.js"></script>',
      ),
    ).toEqual([]);
  });

  it("reads the shell a static directory serves, and gives nothing without one", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fuyuan-shell-"));
    try {
      expect(shellInlineScriptHashes(dir)).toEqual([]);
      await writeFile(join(dir, "index.html"), "<script>1</script>");
      expect(shellInlineScriptHashes(dir)).toEqual([
        `'sha256-${createHash("sha256").update("1").digest("base64")}'`,
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

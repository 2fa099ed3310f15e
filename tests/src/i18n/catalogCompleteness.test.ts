// The Lingui catalogs are complete and current: every message of each catalog
// (locales/{cn,tw,en}/messages.po for the app, …/temple.po for src/temple/, …/server.po for the
// server's own texts) is in all three locales, tw and en translate every one (cn is the source
// locale: its msgstr may be empty, Lingui then shows the msgid), and a fresh `lingui extract` of
// src/ and server/ finds exactly the catalogs' messages (none to add, none left over).
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";

const ROOT = process.cwd();
const LOCALES = ["cn", "tw", "en"] as const;
const SOURCE_LOCALE = "cn";

interface PoEntry {
  /** msgctxt + "\u0004" + msgid (gettext's key), or the msgid alone. */
  key: string;
  msgid: string;
  /** msgstr, or every msgstr[n] of a plural entry. */
  msgstr: string[];
  line: number;
}

/** Parses a PO file's live entries (the header and obsolete `#~` entries are left out). */
function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let fields = new Map<string, string>();
  let current: string | null = null;
  let startLine = 0;
  const flush = () => {
    const msgid = fields.get("msgid");
    if (msgid !== undefined && msgid !== "") {
      const context = fields.get("msgctxt");
      const msgstr = [...fields.entries()]
        .filter(([name]) => name === "msgstr" || name.startsWith("msgstr["))
        .map(([, value]) => value);
      entries.push({
        key: context === undefined ? msgid : `${context}\u0004${msgid}`,
        msgid,
        msgstr,
        line: startLine,
      });
    }
    fields = new Map();
    current = null;
  };
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === "") {
      flush();
      return;
    }
    if (line.startsWith("#")) return;
    const keyword =
      /^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+(".*")$/.exec(line);
    if (keyword !== null) {
      const name = keyword[1]!;
      // NOTE: a new entry may follow without a blank line.
      if ((name === "msgctxt" || name === "msgid") && fields.has("msgid"))
        flush();
      if (fields.size === 0) startLine = index + 1;
      current = name;
      fields.set(name, unquote(keyword[2]!));
      return;
    }
    if (line.startsWith('"') && current !== null) {
      fields.set(current, (fields.get(current) ?? "") + unquote(line));
      return;
    }
    throw new Error(`unexpected PO line ${String(index + 1)}: ${raw}`);
  });
  flush();
  return entries;
}

function unquote(quoted: string): string {
  return JSON.parse(quoted.replace(/\\([^"\\nrt])/g, "\\\\$1")) as string;
}

/** The catalogs' file names (`messages`, `temple`), from package.json's Lingui config. */
const CATALOGS = (
  JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    lingui: { catalogs: { path: string }[] };
  }
).lingui.catalogs.map((catalog) => basename(catalog.path));

async function readCatalog(
  locale: string,
  catalog: string,
): Promise<PoEntry[]> {
  return parsePo(
    await readFile(join(ROOT, "locales", locale, `${catalog}.po`), "utf8"),
  );
}

function describeKey(key: string): string {
  return JSON.stringify(key.replace("\u0004", " | "));
}

describe("PO parsing", () => {
  it("reads contexts, continued strings, plurals and escapes, and skips the header and obsolete entries", () => {
    const entries = parsePo(
      [
        'msgid ""',
        'msgstr ""',
        '"Language: en\\n"',
        "",
        "#: src/a.tsx:1",
        'msgctxt "filter"',
        'msgid "全部"',
        'msgstr "All"',
        "",
        'msgid ""',
        '"两行"',
        '"文字"',
        'msgstr ""',
        '"Two "',
        '"lines \\"quoted\\""',
        "",
        'msgid "{0} 条"',
        'msgid_plural "{0} 条"',
        'msgstr[0] "one"',
        'msgstr[1] ""',
        "",
        '#~ msgid "旧"',
        '#~ msgstr "old"',
      ].join("\n"),
    );
    expect(entries.map((e) => [e.key, e.msgstr])).toEqual([
      ["filter\u0004全部", ["All"]],
      ["两行文字", ['Two lines "quoted"']],
      ["{0} 条", ["one", ""]],
    ]);
  });
});

describe.each(CATALOGS)("catalog %s", (catalog) => {
  it("has every message in all three locales, translated in tw and en", async () => {
    const catalogs = new Map<string, PoEntry[]>();
    for (const locale of LOCALES)
      catalogs.set(locale, await readCatalog(locale, catalog));
    const allKeys = new Set(
      [...catalogs.values()].flatMap((entries) => entries.map((e) => e.key)),
    );
    expect(allKeys.size).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const [locale, entries] of catalogs) {
      const keys = new Map(entries.map((e) => [e.key, e]));
      if (keys.size !== entries.length)
        problems.push(`${locale}: duplicate entries`);
      for (const key of allKeys)
        if (!keys.has(key))
          problems.push(`${locale}: missing ${describeKey(key)}`);
      if (locale === SOURCE_LOCALE) continue;
      for (const entry of entries)
        if (
          entry.msgstr.length === 0 ||
          entry.msgstr.some((s) => s.trim() === "")
        )
          problems.push(
            `${locale}: empty translation of ${describeKey(entry.key)} (${catalog}.po:${String(entry.line)})`,
          );
    }
    expect(problems).toEqual([]);
  });
});

describe("catalogs", () => {
  it("include the server's (server/i18n reads locales/{locale}/server.po)", () => {
    expect(CATALOGS).toContain("server");
  });

  it("are current: a fresh `lingui extract` of src/ finds no message to add and none left over", async () => {
    const pkg = JSON.parse(
      await readFile(join(ROOT, "package.json"), "utf8"),
    ) as { lingui: { catalogs: { path: string }[] } };
    const dir = await mkdtemp(join(tmpdir(), "fuyuan-lingui-"));
    try {
      const configFile = join(dir, "lingui.config.json");
      await writeFile(
        configFile,
        JSON.stringify({
          ...pkg.lingui,
          rootDir: ROOT,
          locales: [SOURCE_LOCALE],
          catalogs: pkg.lingui.catalogs.map((config) => ({
            ...config,
            path: join(dir, "{locale}", basename(config.path)),
          })),
        }),
      );
      const run = spawnSync(
        process.execPath,
        [
          join(ROOT, "node_modules", "@lingui", "cli", "dist", "lingui.js"),
          "extract",
          "--config",
          configFile,
        ],
        { cwd: ROOT, encoding: "utf8", env: { ...process.env, CI: "1" } },
      );
      expect(
        run.status,
        `lingui extract failed:\n${run.stdout}\n${run.stderr}`,
      ).toBe(0);
      for (const catalog of CATALOGS) {
        const fresh = new Set(
          parsePo(
            await readFile(join(dir, SOURCE_LOCALE, `${catalog}.po`), "utf8"),
          ).map((e) => e.key),
        );
        const stored = new Set(
          (await readCatalog(SOURCE_LOCALE, catalog)).map((e) => e.key),
        );
        const toAdd = [...fresh].filter((key) => !stored.has(key));
        const leftOver = [...stored].filter((key) => !fresh.has(key));
        expect(
          {
            catalog,
            toAdd: toAdd.map(describeKey),
            leftOver: leftOver.map(describeKey),
          },
          "run `npm run i18n:extract` and translate the new tw/en entries",
        ).toEqual({ catalog, toAdd: [], leftOver: [] });
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

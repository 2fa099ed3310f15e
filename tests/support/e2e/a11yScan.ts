// Runs axe-core inside a page and reports the serious and critical violations in a form a failing
// test can print as is. axe is loaded through Playwright's evaluation (CDP), which the app's strict
// CSP (no inline scripts) does not block, unlike a <script> tag with inline content. Test support.
//
// NOTE: axe leaves the contrast of text over any background image "incomplete" (unchecked). The
// body's decorative dot pattern (4.5% alpha, src/styles/base.css) would hide every text on the page
// background that way, so it is switched off (CSSOM, allowed under the CSP) while axe runs. Text
// over real artwork (the home hero), gradient buttons and the translucent tab bar stay unchecked by
// axe; the test checks their colours against the theme tokens separately.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Page } from "playwright-core";

/** The impacts that fail the gate (issue #9: "no serious or critical violations"). */
export const BLOCKING_IMPACTS: readonly string[] = ["serious", "critical"];

export interface A11yFinding {
  rule: string;
  impact: string;
  help: string;
  /** One entry per failing node: its CSS selector path and axe's summary of why it fails. */
  nodes: { target: string; why: string }[];
}

const require = createRequire(import.meta.url);
let axeSourceCache: string | undefined;

/** axe.min.js of the installed axe-core (read once). */
export function axeSource(): string {
  axeSourceCache ??= readFileSync(
    join(dirname(require.resolve("axe-core")), "axe.min.js"),
    "utf8",
  );
  return axeSourceCache;
}

/** Loads axe into the page's main world unless it is already there (it is lost on navigation). */
export async function injectAxe(page: Page): Promise<void> {
  const present = await page.evaluate(() => "axe" in window);
  if (!present) await page.evaluate(axeSource());
}

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * Runs axe over the document (or only the elements matching `include`) and returns the serious and
 * critical violations.
 */
export async function scanPage(
  page: Page,
  options: { include?: string } = {},
): Promise<A11yFinding[]> {
  await injectAxe(page);
  const violations = await page.evaluate(async (include) => {
    const body = document.body.style;
    const pattern = [
      body.getPropertyValue("background-image"),
      body.getPropertyPriority("background-image"),
    ] as const;
    body.setProperty("background-image", "none", "important");
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: unknown,
            options: unknown,
          ) => Promise<{ violations: unknown[] }>;
        };
      }
    ).axe;
    try {
      const result = await axe.run(
        include === null ? document : { include: [include] },
        { resultTypes: ["violations"] },
      );
      return result.violations;
    } finally {
      body.setProperty("background-image", pattern[0], pattern[1]);
    }
  }, options.include ?? null);
  return (violations as AxeViolation[])
    .filter((v) => v.impact !== null && BLOCKING_IMPACTS.includes(v.impact))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? "",
      help: v.help,
      nodes: v.nodes.map((node) => ({
        target: node.target.map(String).join(" >>> "),
        why: (node.failureSummary ?? "").replace(/\s+/g, " ").trim(),
      })),
    }));
}

/** One line per failing node, naming where it was seen: `[where] rule (impact) target — why`. */
export function formatFindings(
  where: string,
  findings: readonly A11yFinding[],
): string[] {
  return findings.flatMap((finding) =>
    finding.nodes.map(
      (node) =>
        `[${where}] ${finding.rule} (${finding.impact}) ${node.target} — ${finding.help}: ${node.why.slice(0, 300)}`,
    ),
  );
}

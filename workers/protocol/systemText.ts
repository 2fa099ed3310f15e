// Renders a system message's text (§9): `{i}` placeholders filled from `extra[i].name`.
import type { SystemContent } from "./content";

/**
 * The display text of a system content: every `{i}` becomes `extra[i].name` (the SDK's
 * `displayText`; it replaces only the first occurrence of each, this replaces all of them).
 * Placeholders without an `extra` entry stay as they are.
 *
 * @example
 * renderSystemText({ kind: "system", type: 1002, content: "{0} invited {1}", extra: [{ uid: "a", name: "Ann" }, { uid: "b", name: "Bo" }] });
 * // "Ann invited Bo"
 */
export function renderSystemText(
  c: Pick<SystemContent, "content" | "extra">,
): string {
  const extra = c.extra ?? [];
  return c.content.replace(
    /\{(\d+)\}/g,
    (whole, index: string) => extra[Number(index)]?.name ?? whole,
  );
}

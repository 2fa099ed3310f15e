// Small builders that keep the seed data files readable: one call per localized value.
import type { Localized } from "../../lib/locale";

export function l(cn: string, tw: string, en: string): Localized {
  return { cn, tw, en };
}

export function paragraphs(
  cn: string[],
  tw: string[],
  en: string[],
): Localized<string[]> {
  return { cn, tw, en };
}

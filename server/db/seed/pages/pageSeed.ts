// Shape of a seeded static page and the builder that regroups per-section translations into
// the stored per-locale section lists.
import { LOCALES, type Localized } from "../../../lib/locale";
import type { PageSection } from "../../schema";

export interface SectionSeed {
  heading: Localized;
  paragraphs: Localized<string[]>;
}

export interface PageSeed {
  slug: string;
  title: Localized;
  /** The date the text took effect (shown as the page's updatedAt). */
  updatedAt: string;
  sections: Localized<PageSection[]>;
}

export function sectionsByLocale(
  sections: SectionSeed[],
): Localized<PageSection[]> {
  const entries = LOCALES.map(
    (locale) =>
      [
        locale,
        sections.map((s) => ({
          heading: s.heading[locale],
          paragraphs: s.paragraphs[locale],
        })),
      ] as const,
  );
  return Object.fromEntries(entries) as Localized<PageSection[]>;
}

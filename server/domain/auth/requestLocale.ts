// The locale of a request's user-facing messages, from Accept-Language (zh-CN → cn, zh-TW/HK/Hant →
// tw, en → en), highest quality first; anything else falls back to cn.
import { DEFAULT_LOCALE, type Locale } from "../../lib/locale";

export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (header === undefined) return DEFAULT_LOCALE;
  const ranges = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params
        .map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1])
        .find((v) => v !== undefined);
      return {
        tag: tag.trim().toLowerCase(),
        q: q === undefined ? 1 : Number(q),
        index,
      };
    })
    .filter((r) => r.tag !== "" && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    const locale = localeOfTag(tag);
    if (locale !== undefined) return locale;
  }
  return DEFAULT_LOCALE;
}

function localeOfTag(tag: string): Locale | undefined {
  if (tag === "en" || tag.startsWith("en-")) return "en";
  if (tag === "zh" || tag.startsWith("zh-")) {
    return /^zh-(tw|hk|mo|hant)(-|$)/.test(tag) ? "tw" : "cn";
  }
  if (tag === "cn" || tag === "tw") return tag;
  return undefined;
}

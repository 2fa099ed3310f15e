// Masks a person's name for public display on the blessing wall: the first character stays, the
// middle becomes at most three stars, the last stays for names of three or more characters
// ("王小明" → "王*明", "张三" → "张*", "Alexander" → "A***r").

export function maskName(name: string): string {
  const chars = graphemes(name.trim());
  const [first] = chars;
  if (first === undefined) return "";
  if (chars.length <= 2) return `${first}*`;
  return `${first}${"*".repeat(Math.min(chars.length - 2, 3))}${chars[chars.length - 1] ?? ""}`;
}

/** User-perceived characters (an emoji or a letter with its accents counts once). */
export function graphemes(text: string): string[] {
  return Array.from(new Intl.Segmenter().segment(text), (part) => part.segment);
}

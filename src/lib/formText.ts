// Helpers the forms share (orders, the fate sign-up, the manager application): counting
// characters as the server does and today's date for date inputs. Outside any form's folder so a
// form does not pull another page's catalog part in with them.

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Characters as the server counts them (graphemes of the trimmed text). */
export function textLength(text: string): number {
  return Array.from(segmenter.segment(text.trim())).length;
}

/** Today's date in the user's own time zone, as YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const offset = now.getTimezoneOffset() * 60_000;
  return new Date(now.getTime() - offset).toISOString().slice(0, 10);
}

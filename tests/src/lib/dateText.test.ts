// Our written-out date text (no Intl on a first render) against Intl itself, over random local
// dates in every locale: the patterns must say exactly what Intl says, except that midnight's hour
// is 00 (Intl's `hour12: false` says 24 in en-US and zh-TW).
import fc from "fast-check";
import {
  clockText,
  dateText,
  dateTimeText,
  monthDayText,
  weekdayText,
} from "../../../src/lib/dateText";
import { HTML_LANG, LOCALES } from "../../../src/i18n/locales";

const localDates = fc
  .date({
    min: new Date(1970, 0, 1),
    max: new Date(2200, 11, 31),
    noInvalidDate: true,
  })
  .map((d) => new Date(d.getTime() - (d.getTime() % 60_000)));

const intl = (
  locale: (typeof LOCALES)[number],
  options: Intl.DateTimeFormatOptions,
) => new Intl.DateTimeFormat(HTML_LANG[locale], options);

describe.each(LOCALES)("date text in %s says what Intl says", (locale) => {
  const date = intl(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
  });
  const monthDay = intl(locale, { month: "short", day: "numeric" });
  const dateTime = intl(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const clock = intl(locale, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const long = intl(locale, { weekday: "long" });
  const short = intl(locale, { weekday: "short" });

  it("for every pattern, over random dates", () => {
    fc.assert(
      fc.property(localDates, (d) => {
        expect(dateText(d, locale)).toBe(date.format(d));
        expect(monthDayText(d, locale)).toBe(monthDay.format(d));
        expect(dateTimeText(d, locale)).toBe(dateTime.format(d));
        expect(clockText(d)).toBe(clock.format(d));
        expect(weekdayText(d, locale, "long")).toBe(long.format(d));
        expect(weekdayText(d, locale, "short")).toBe(short.format(d));
      }),
      { numRuns: 2000 },
    );
  });
});

it("shows a minute past midnight as 00:05, not 24:05", () => {
  const d = new Date(2026, 2, 5, 0, 5);
  expect(clockText(d)).toBe("00:05");
  expect(dateTimeText(d, "en")).toBe("Mar 5, 2026, 00:05");
  expect(dateTimeText(d, "tw")).toBe("2026年3月5日 00:05");
  expect(dateTimeText(d, "cn")).toBe("2026年3月5日 00:05");
});

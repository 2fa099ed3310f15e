// The messenger's times: a row's time by how long ago, a day separator's label.
import {
  formatClock,
  formatDayLabel,
  formatListTime,
} from "../../../../src/features/messenger/chatTime";

const labels = { today: "今天", yesterday: "昨天" };
const now = new Date(2026, 10, 26, 15, 30).getTime(); // a Thursday
const at = (month: number, day: number, h = 9, m = 5, year = 2026) =>
  new Date(year, month - 1, day, h, m).getTime();

describe("formatListTime", () => {
  it("shows the clock today, yesterday's word, a weekday this week, else the date", () => {
    expect(formatListTime(at(11, 26, 0, 5), now, "en", labels)).toBe("00:05");
    expect(formatListTime(at(11, 25), now, "cn", labels)).toBe("昨天");
    expect(formatListTime(at(11, 23), now, "cn", labels)).toBe("周一");
    expect(formatListTime(at(11, 23), now, "tw", labels)).toBe("週一");
    expect(formatListTime(at(11, 23), now, "en", labels)).toBe("Mon");
    expect(formatListTime(at(11, 19), now, "en", labels)).toBe("Nov 19");
    expect(formatListTime(at(11, 19), now, "cn", labels)).toBe("11月19日");
    expect(formatListTime(at(12, 30, 9, 5, 2025), now, "en", labels)).toBe(
      "Dec 30, 2025",
    );
  });

  it("shows nothing for a conversation without a time", () => {
    expect(formatListTime(0, now, "cn", labels)).toBe("");
  });
});

describe("formatDayLabel", () => {
  it("says today, yesterday, a long weekday this week, else the date", () => {
    expect(formatDayLabel(at(11, 26), now, "en", labels)).toBe("今天");
    expect(formatDayLabel(at(11, 25), now, "en", labels)).toBe("昨天");
    expect(formatDayLabel(at(11, 22), now, "cn", labels)).toBe("星期日");
    expect(formatDayLabel(at(11, 22), now, "en", labels)).toBe("Sunday");
    expect(formatDayLabel(at(3, 5, 9, 5, 2024), now, "tw", labels)).toBe(
      "2024年3月5日",
    );
  });
});

it("formatClock is a 24-hour clock", () => {
  expect(formatClock(at(11, 26, 23, 59))).toBe("23:59");
});

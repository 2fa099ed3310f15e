// The unread number outside the messenger: which source wins, the badge text, the "(n) " title
// prefix kept across page title changes, and the app badge — all written from one hook.
import { render } from "@testing-library/react";
import {
  applyAppBadge,
  badgeText,
  navUnreadCount,
  titleWithUnread,
  useUnreadIndicators,
} from "../../../../src/features/shell/unreadIndicators";

describe("navUnreadCount", () => {
  it("uses the IM database's live sum once it is known", () => {
    expect(
      navUnreadCount({ localUnread: 3, serviceUnread: 9, monkUnread: 0 }),
    ).toBe(3);
    expect(
      navUnreadCount({ localUnread: 0, serviceUnread: 9, monkUnread: 2 }),
    ).toBe(0);
  });

  it("falls back to the server's service and monk counters before that", () => {
    expect(
      navUnreadCount({ localUnread: null, serviceUnread: 4, monkUnread: 0 }),
    ).toBe(4);
    expect(
      navUnreadCount({ localUnread: null, serviceUnread: 4, monkUnread: 2 }),
    ).toBe(6);
    expect(
      navUnreadCount({ localUnread: null, serviceUnread: 0, monkUnread: 0 }),
    ).toBe(0);
  });

  it("never goes below zero or shows fractions", () => {
    expect(
      navUnreadCount({ localUnread: -2, serviceUnread: 0, monkUnread: 0 }),
    ).toBe(0);
    expect(
      navUnreadCount({
        localUnread: Number.NaN,
        serviceUnread: 0,
        monkUnread: 0,
      }),
    ).toBe(0);
  });
});

it("caps the badge at 99+", () => {
  expect(badgeText(0)).toBe("");
  expect(badgeText(7)).toBe("7");
  expect(badgeText(99)).toBe("99");
  expect(badgeText(100)).toBe("99+");
});

it("prefixes the title with the count, replacing an old prefix", () => {
  expect(titleWithUnread("消息 · 福缘", 3)).toBe("(3) 消息 · 福缘");
  expect(titleWithUnread("(3) 消息 · 福缘", 12)).toBe("(12) 消息 · 福缘");
  expect(titleWithUnread("(99+) 福缘", 0)).toBe("福缘");
  expect(titleWithUnread("福缘", 250)).toBe("(99+) 福缘");
});

it("sets or clears the app badge where supported, and survives a refusal", async () => {
  const setAppBadge = vi.fn(() => Promise.resolve());
  const clearAppBadge = vi.fn(() => Promise.resolve());
  await applyAppBadge(5, { setAppBadge, clearAppBadge });
  await applyAppBadge(0, { setAppBadge, clearAppBadge });
  expect(setAppBadge).toHaveBeenCalledWith(5);
  expect(clearAppBadge).toHaveBeenCalledTimes(1);
  await expect(
    applyAppBadge(1, {
      setAppBadge: () => Promise.reject(new Error("NotAllowed")),
    }),
  ).resolves.toBeUndefined();
  await expect(applyAppBadge(1, {})).resolves.toBeUndefined();
});

function Indicators({ count }: { count: number }) {
  useUnreadIndicators(count);
  return null;
}

describe("useUnreadIndicators", () => {
  afterEach(() => {
    document.title = "";
  });

  it("keeps the prefix on titles that pages set later, and removes it at zero", async () => {
    const setAppBadge = vi.fn(() => Promise.resolve());
    const clearAppBadge = vi.fn(() => Promise.resolve());
    Object.assign(navigator, { setAppBadge, clearAppBadge });
    document.title = "首页 · 福缘";
    const view = render(<Indicators count={2} />);
    expect(document.title).toBe("(2) 首页 · 福缘");
    expect(setAppBadge).toHaveBeenCalledWith(2);

    document.title = "我的 · 福缘";
    await vi.waitFor(() => {
      expect(document.title).toBe("(2) 我的 · 福缘");
    });

    view.rerender(<Indicators count={0} />);
    expect(document.title).toBe("我的 · 福缘");
    expect(clearAppBadge).toHaveBeenCalled();
    Reflect.deleteProperty(navigator, "setAppBadge");
    Reflect.deleteProperty(navigator, "clearAppBadge");
  });
});

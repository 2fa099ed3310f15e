// The offline banner: hidden online; offline it says "离线 · 上次同步 hh:mm" (or that nothing was
// synced), in the active locale; the sync time follows the IM connection.
import { act, render, screen } from "@testing-library/react";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import { afterEach, describe, expect, test } from "vitest";
import { ConnectionStatus } from "../../../workers/api";
import { OfflineBanner } from "../../../src/pwa/OfflineBanner";
import {
  formatClock,
  offlineBannerText,
} from "../../../src/pwa/offlineBannerText";
import { pwaState } from "../../../src/pwa/pwaState";
import { readLastSynced, trackSync } from "../../../src/pwa/syncTracker";
import { activateLocale } from "../../../src/i18n/activateLocale";
import { im } from "../../../src/state/im";

afterEach(async () => {
  pwaState.online = true;
  pwaState.lastSyncedAt = null;
  await activateLocale("cn");
});

describe("offlineBannerText", () => {
  test("formats the last sync time as hh:mm", () => {
    const at = new Date(2026, 10, 21, 9, 5).getTime();
    expect(formatClock(at)).toBe("09:05");
    expect(offlineBannerText(i18n, at)).toBe("离线 · 上次同步 09:05");
    expect(offlineBannerText(i18n, null)).toBe("离线 · 尚未同步");
  });

  test("is translated in English", async () => {
    await activateLocale("en");
    const at = new Date(2026, 10, 21, 18, 42).getTime();
    expect(offlineBannerText(i18n, at)).toBe("Offline · last synced 18:42");
  });
});

describe("OfflineBanner", () => {
  test("shows only while offline", async () => {
    const at = new Date(2026, 10, 21, 14, 30).getTime();
    pwaState.lastSyncedAt = at;
    render(
      <I18nProvider i18n={i18n}>
        <OfflineBanner />
      </I18nProvider>,
    );
    expect(screen.queryByRole("status")).toBeNull();
    await act(async () => {
      pwaState.online = false;
      await Promise.resolve();
    });
    expect((await screen.findByRole("status")).textContent).toBe(
      "离线 · 上次同步 14:30",
    );
  });
});

describe("trackSync", () => {
  test("records the time the IM connection was last in sync, across reloads", async () => {
    localStorage.clear();
    trackSync(window);
    expect(pwaState.lastSyncedAt).toBeNull();
    im.connection = ConnectionStatus.CONNECTED;
    await Promise.resolve();
    const synced = pwaState.lastSyncedAt;
    expect(synced).not.toBeNull();
    expect(readLastSynced(localStorage)).toBe(synced);
    window.dispatchEvent(new Event("offline"));
    expect(pwaState.online).toBe(false);
    window.dispatchEvent(new Event("online"));
    expect(pwaState.online).toBe(true);
    im.connection = ConnectionStatus.DISCONNECT;
  });
});

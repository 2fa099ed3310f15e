// Tab hints: the network counts as online when any tab says so; visible conversations are those a
// visible tab shows.
import { describe, expect, it } from "vitest";
import {
  anyOnline,
  closeChannel,
  openChannel,
  removeTab,
  updateTab,
  visibleChannels,
  type TabViews,
} from "../../../workers/tabs/tabViews";

describe("tab views", () => {
  it("is online when any tab is (and with no tabs at all)", () => {
    let tabs: TabViews = new Map();
    expect(anyOnline(tabs)).toBe(true);
    tabs = updateTab(tabs, "t1", (v) => ({ ...v, online: false }));
    expect(anyOnline(tabs)).toBe(false);
    tabs = updateTab(tabs, "t2", (v) => v);
    expect(anyOnline(tabs)).toBe(true);
    expect(anyOnline(removeTab(tabs, "t2"))).toBe(false);
  });

  it("lists conversations shown by visible tabs only", () => {
    let tabs: TabViews = new Map();
    tabs = updateTab(tabs, "t1", (v) =>
      openChannel(openChannel(v, "1:a"), "1:a"),
    );
    tabs = updateTab(tabs, "t2", (v) => ({
      ...openChannel(v, "1:b"),
      visible: false,
    }));
    expect([...visibleChannels(tabs)]).toEqual(["1:a"]);
    expect(tabs.get("t1")?.openChannels).toEqual(["1:a"]);
    tabs = updateTab(tabs, "t1", (v) => closeChannel(v, "1:a"));
    tabs = updateTab(tabs, "t2", (v) => ({ ...v, visible: true }));
    expect([...visibleChannels(tabs)]).toEqual(["1:b"]);
  });
});

// What each attached tab reports (online, visible, open conversations) and what the worker derives from
// it: whether the network counts as online and which conversations a visible tab shows. Pure data.

/** One tab's hints. */
export interface TabView {
  readonly online: boolean;
  readonly visible: boolean;
  /** channelKeys of the conversations the tab shows (usually 0 or 1). */
  readonly openChannels: readonly string[];
}

/** All attached tabs by tabId. */
export type TabViews = ReadonlyMap<string, TabView>;

/** A new tab, before its first hint: assumed online and visible (it was just opened). */
export const NEW_TAB_VIEW: TabView = {
  online: true,
  visible: true,
  openChannels: [],
};

/** Online when any tab says so; with no tab at all the worker has no reason to hold back, so true. */
export function anyOnline(tabs: TabViews): boolean {
  if (tabs.size === 0) return true;
  for (const tab of tabs.values()) if (tab.online) return true;
  return false;
}

/** channelKeys shown by at least one visible tab: new messages there are read at once. */
export function visibleChannels(tabs: TabViews): Set<string> {
  const keys = new Set<string>();
  for (const tab of tabs.values()) {
    if (tab.visible) for (const key of tab.openChannels) keys.add(key);
  }
  return keys;
}

/** `tabs` with one tab's view replaced by `update(old)` (a new tab starts from {@link NEW_TAB_VIEW}). */
export function updateTab(
  tabs: TabViews,
  tabId: string,
  update: (view: TabView) => TabView,
): TabViews {
  const next = new Map(tabs);
  next.set(tabId, update(tabs.get(tabId) ?? NEW_TAB_VIEW));
  return next;
}

/** `tabs` without `tabId`. */
export function removeTab(tabs: TabViews, tabId: string): TabViews {
  const next = new Map(tabs);
  next.delete(tabId);
  return next;
}

/** A view with `channelKey` opened (idempotent). */
export function openChannel(view: TabView, channelKey: string): TabView {
  return view.openChannels.includes(channelKey)
    ? view
    : { ...view, openChannels: [...view.openChannels, channelKey] };
}

/** A view with `channelKey` closed. */
export function closeChannel(view: TabView, channelKey: string): TabView {
  return {
    ...view,
    openChannels: view.openChannels.filter((k) => k !== channelKey),
  };
}

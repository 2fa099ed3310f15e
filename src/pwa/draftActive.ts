// The cross-tab "a draft is being typed" flag the composer sets; the update controller reads it so
// no tab reloads under someone's unsent text. Kept per tab in localStorage, with an expiry.

const KEY = "fuyuan-draft-active";
/** A flag older than this is stale (the tab died without clearing it). */
export const DRAFT_FLAG_TTL_MS = 30 * 60_000;

type Flags = Record<string, number>;

let tabId: string | null = null;
function thisTab(): string {
  tabId ??= crypto.randomUUID();
  return tabId;
}

function read(storage: Storage): Flags {
  try {
    const value: unknown = JSON.parse(storage.getItem(KEY) ?? "{}");
    return typeof value === "object" && value !== null ? (value as Flags) : {};
  } catch {
    return {};
  }
}

/**
 * Marks (or clears) this tab's draft. The composer calls `setDraftActive(true)` while its text is
 * non-empty and `setDraftActive(false)` once it is sent or cleared.
 */
export function setDraftActive(
  active: boolean,
  storage: Storage = localStorage,
  now: number = Date.now(),
  tab: string = thisTab(),
): void {
  const flags = Object.fromEntries(
    Object.entries(read(storage)).filter(([id]) => id !== tab),
  );
  if (active) flags[tab] = now;
  try {
    storage.setItem(KEY, JSON.stringify(flags));
  } catch (error) {
    console.error("Could not store the draft flag", error);
  }
}

/** Whether any tab has a fresh draft flag. */
export function isDraftActive(
  storage: Storage = localStorage,
  now: number = Date.now(),
): boolean {
  return Object.values(read(storage)).some(
    (at) => typeof at === "number" && now - at < DRAFT_FLAG_TTL_MS,
  );
}

/** Clears this tab's flag when the page goes away. */
export function clearDraftOnPagehide(target: Window): void {
  target.addEventListener("pagehide", () => {
    setDraftActive(false);
  });
}

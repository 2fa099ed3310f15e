// The tab's cache of channel info (user/v1/infoByIm by IM uid): fetched on demand, shared by every
// component, kept PROFILE_TTL_MS and refetched after; a failure is retried after FAILURE_TTL_MS.
// A module store (subscribe/getSnapshot) rather than a valtio proxy: it is this feature's alone.
import { fetchImProfile, type ImProfile } from "../chatEntry/imUserApi";

/** How long a fetched profile counts as fresh (online dots go stale after this). */
export const PROFILE_TTL_MS = 5 * 60_000;
/** How long a failed fetch is remembered before it is tried again. */
export const FAILURE_TTL_MS = 30_000;

export interface ProfileEntry {
  readonly profile: ImProfile | null;
  /** When the last fetch finished (ms); 0 while the first one runs. */
  readonly fetchedAt: number;
  readonly loading: boolean;
  readonly failed: boolean;
}

type Fetcher = (imId: string) => Promise<ImProfile>;

const entries = new Map<string, ProfileEntry>();
const listeners = new Set<() => void>();
let version = 0;
let fetcher: Fetcher = (imId) => fetchImProfile(imId);
let clock: () => number = () => Date.now();

function set(imId: string, entry: ProfileEntry): void {
  entries.set(imId, entry);
  version += 1;
  for (const listener of [...listeners]) listener();
}

/** The cached entry (a stable object until it changes, as useSyncExternalStore needs). */
export function getProfileEntry(imId: string): ProfileEntry | undefined {
  return entries.get(imId);
}

/** Changes whenever any entry changes (a snapshot for lists that read many entries). */
export function profilesVersion(): number {
  return version;
}

export function subscribeProfiles(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function isFresh(entry: ProfileEntry, now: number): boolean {
  if (entry.loading) return true;
  const ttl = entry.failed ? FAILURE_TTL_MS : PROFILE_TTL_MS;
  return now - entry.fetchedAt < ttl;
}

/** Fetches `imId`'s profile unless a fresh one is cached or a fetch is running (`force` ignores freshness). */
export function requestProfile(imId: string, force = false): void {
  const current = entries.get(imId);
  if (current?.loading === true) return;
  if (current !== undefined && !force && isFresh(current, clock())) return;
  set(imId, {
    profile: current?.profile ?? null,
    fetchedAt: current?.fetchedAt ?? 0,
    loading: true,
    failed: false,
  });
  fetcher(imId).then(
    (profile) => {
      set(imId, { profile, fetchedAt: clock(), loading: false, failed: false });
    },
    (error: unknown) => {
      console.warn("Channel info failed", imId, error);
      set(imId, {
        profile: current?.profile ?? null,
        fetchedAt: clock(),
        loading: false,
        failed: true,
      });
    },
  );
}

/** Refetches every cached profile (pull to refresh). */
export function refreshProfiles(): void {
  for (const imId of [...entries.keys()]) requestProfile(imId, true);
}

/** Test seam: the fetch function and clock; also empties the cache. */
export function resetProfiles(
  options: { fetch?: Fetcher; now?: () => number } = {},
): void {
  entries.clear();
  fetcher = options.fetch ?? ((imId) => fetchImProfile(imId));
  clock = options.now ?? (() => Date.now());
  version += 1;
  for (const listener of [...listeners]) listener();
}

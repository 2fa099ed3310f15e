// The tab's view of channel info: the rows of the worker's channelInfo table (read with liveQuery),
// so names and avatars show offline and from the first paint. requestProfile asks the worker for a
// missing or stale row (the worker fetches each channel once however many tabs ask); a failed
// request is tried again after FAILURE_TTL_MS, or after START_RETRY_MS while the worker has not
// started its messenger yet. A module store (subscribe/getSnapshot): it is this feature's alone.
import { liveQuery, type Subscription } from "dexie";
import type { AppDb } from "../../db/AppDb";
import type { ChannelInfoRecord } from "../../db/entities/ChannelInfoRecord";
import type { Result } from "../../../workers/api";
import type { ImProfile } from "../chatEntry/imUserApi";
import { PERSON_CHANNEL } from "./messengerSearch";
import { messenger } from "./messengerActions";

/** How long a row counts as fresh (the worker's CHANNEL_INFO_TTL_MS; online dots go stale after it). */
export const PROFILE_TTL_MS = 5 * 60_000;
/** How long a failed request is remembered before it is tried again. */
export const FAILURE_TTL_MS = 30_000;
/** Retry delay while the worker's messenger is still starting (NOT_STARTED). */
export const START_RETRY_MS = 1_000;
/** A worker that has not started after this many retries is not waited for by itself any more. */
const MAX_START_RETRIES = 30;

export interface ProfileEntry {
  readonly profile: ImProfile | null;
  /** When the row was fetched, or when the last request failed (ms); 0 before either. */
  readonly fetchedAt: number;
  readonly loading: boolean;
  readonly failed: boolean;
}

type Refresher = (
  imIds: readonly string[],
  force: boolean,
) => Promise<Result<null>>;

const defaultRefresher: Refresher = (imIds, force) =>
  messenger.refreshChannelInfo({
    channels: imIds.map((channelId) => ({
      channelId,
      channelType: PERSON_CHANNEL,
    })),
    force,
  });

const entries = new Map<string, ProfileEntry>();
const listeners = new Set<() => void>();
const startRetries = new Map<string, ReturnType<typeof setTimeout>>();
/** Failed requests in a row per imId (NOT_STARTED retries stop after MAX_START_RETRIES). */
const startAttempts = new Map<string, number>();
let version = 0;
let refresher: Refresher = defaultRefresher;
let clock: () => number = () => Date.now();
let watching: Subscription | null = null;
/** Bumped when the cache is emptied: answers to requests from before are dropped. */
let generation = 0;

function notify(): void {
  version += 1;
  for (const listener of [...listeners]) listener();
}

/** Empties the cache (a test reset). */
function clearEntries(): void {
  for (const timer of startRetries.values()) clearTimeout(timer);
  startRetries.clear();
  startAttempts.clear();
  entries.clear();
  generation += 1;
  notify();
}

function set(imId: string, entry: ProfileEntry): void {
  entries.set(imId, entry);
  notify();
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

/** A stored person-channel row as the profile the screens show. */
export function profileOfRow(row: ChannelInfoRecord): ImProfile {
  const role =
    typeof row.orgData === "object" &&
    row.orgData !== null &&
    !Array.isArray(row.orgData)
      ? (row.orgData as Readonly<Record<string, unknown>>)
      : {};
  return {
    imId: row.channelId,
    nickname: row.title,
    avatarUrl: row.logo,
    online: row.online,
    lastOffline: row.lastOffline,
    isService: role.isService === 1 ? 1 : 0,
    isMonk: role.isMonk === 1 ? 1 : 0,
  };
}

function applyRows(rows: readonly ChannelInfoRecord[]): void {
  for (const row of rows) {
    if (row.channelType !== PERSON_CHANNEL) continue;
    const current = entries.get(row.channelId);
    if (current?.profile !== null && current?.fetchedAt === row.fetchedAt)
      continue;
    set(row.channelId, {
      profile: profileOfRow(row),
      fetchedAt: row.fetchedAt,
      loading: current?.loading ?? false,
      failed: false,
    });
  }
}

/**
 * Shows the channel info stored in `db` (the signed-in IM user's) and follows its changes; null
 * stops. Returns the stop function (for an effect's cleanup).
 */
export function watchProfiles(db: AppDb | null): () => void {
  // NOTE: entries are public profiles by IM id, so they stay when the database changes (another
  // user signs in): clearing them here would also drop requests the screens made just before this
  // effect ran (children's effects run first), and nothing would ask again.
  watching?.unsubscribe();
  watching = null;
  if (db === null) return () => undefined;
  const subscription = liveQuery(() => db.channelInfo.toArray()).subscribe({
    next: applyRows,
    error: (error: unknown) => {
      console.warn("Reading channel info failed", error);
    },
  });
  watching = subscription;
  return () => {
    subscription.unsubscribe();
    if (watching === subscription) watching = null;
  };
}

function isFresh(entry: ProfileEntry, now: number): boolean {
  if (entry.loading) return true;
  const ttl = entry.failed ? FAILURE_TTL_MS : PROFILE_TTL_MS;
  return entry.fetchedAt > 0 && now - entry.fetchedAt < ttl;
}

function settle(imIds: readonly string[], result: Result<null>): void {
  for (const imId of imIds) {
    const current = entries.get(imId);
    const profile = current?.profile ?? null;
    if (result.ok) {
      startAttempts.delete(imId);
      set(imId, {
        profile,
        fetchedAt: current?.fetchedAt || clock(),
        loading: false,
        failed: false,
      });
      continue;
    }
    set(imId, { profile, fetchedAt: clock(), loading: false, failed: true });
    const attempts = (startAttempts.get(imId) ?? 0) + 1;
    startAttempts.set(imId, attempts);
    if (
      result.error.code === "NOT_STARTED" &&
      attempts <= MAX_START_RETRIES &&
      !startRetries.has(imId)
    )
      startRetries.set(
        imId,
        setTimeout(() => {
          startRetries.delete(imId);
          requestProfile(imId, true);
        }, START_RETRY_MS),
      );
  }
  if (!result.ok) console.warn("Channel info failed", imIds, result.error);
}

function request(imIds: readonly string[], force: boolean): void {
  const now = clock();
  const due = imIds.filter((imId) => {
    const current = entries.get(imId);
    if (current?.loading === true) return false;
    return force || current === undefined || !isFresh(current, now);
  });
  if (due.length === 0) return;
  for (const imId of due) {
    const current = entries.get(imId);
    set(imId, {
      profile: current?.profile ?? null,
      fetchedAt: current?.fetchedAt ?? 0,
      loading: true,
      failed: current?.failed ?? false,
    });
  }
  const asked = generation;
  void refresher(due, force).then((result) => {
    if (asked === generation) settle(due, result);
  });
}

/** Asks for `imId`'s info unless a fresh row is shown or a request runs (`force` ignores freshness). */
export function requestProfile(imId: string, force = false): void {
  request([imId], force);
}

/**
 * A list's profiles in one worker request: one answer, so the list renders once for all of them
 * instead of once per row (each answer re-renders every screen that shows profiles).
 */
export function requestProfiles(imIds: readonly string[]): void {
  request([...new Set(imIds)], false);
}

/** Fetches every shown profile again, in one request to the worker (pull to refresh). */
export function refreshProfiles(): void {
  request([...entries.keys()], true);
}

/** Test seam: the worker call and clock; also empties the cache and stops watching. */
export function resetProfiles(
  options: { refresh?: Refresher; now?: () => number } = {},
): void {
  watching?.unsubscribe();
  watching = null;
  refresher = options.refresh ?? defaultRefresher;
  clock = options.now ?? (() => Date.now());
  clearEntries();
}

// The /destiny route loader's work (imported on demand, so Dexie stays out of the initial bundle):
// the open conversation's newest window, read before the thread renders — and, through the
// router's intent preloading, already while the pointer rests on or touches the row.
import { channelKey, type ChannelRef } from "../../db/channelKey";
import { openImDb } from "../../db/db";
import { loadThreadWindow, type ThreadWindow } from "./threadQuery";

export interface ThreadSnapshot {
  /** Which user and channel the window belongs to (`<imUid>|<channelKey>`). */
  readonly key: string;
  readonly window: ThreadWindow;
}

export function snapshotKey(imUid: string, channel: ChannelRef): string {
  return `${imUid}|${channelKey(channel)}`;
}

/** The newest window of `channel`, or null when it cannot be read (the live query reports why). */
export async function loadThreadSnapshot(
  imUid: string,
  channel: ChannelRef,
): Promise<ThreadSnapshot | null> {
  try {
    const window = await loadThreadWindow(openImDb(imUid), channel, null);
    return { key: snapshotKey(imUid, channel), window };
  } catch (error) {
    console.warn("Thread snapshot failed", error);
    return null;
  }
}

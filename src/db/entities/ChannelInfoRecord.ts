// Display information of a channel (spec §3 "Channel info"); fetched on demand by the worker.
import type { JsonValue } from "./JsonValue";

/** A channel info row. Primary key `[channelId+channelType]`. */
export interface ChannelInfoRecord {
  channelId: string;
  channelType: number;
  title: string;
  logo: string;
  mute: boolean;
  top: boolean;
  online: boolean;
  /** Seconds since the epoch of the last time the peer went offline, 0 when unknown. */
  lastOffline: number;
  orgData?: JsonValue;
  /** Milliseconds when the worker fetched this row (to refresh stale ones). */
  fetchedAt: number;
}

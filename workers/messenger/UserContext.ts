// What the per-user parts of the messenger (outbox, receive, sync, receipts, uploads) share: the
// user's database, the REST client, the connected socket, event fan-out and one write queue.
import type { MessengerEvent } from "../api";
import type { AppDb } from "../../src/db/AppDb";
import { channelKey, type ChannelRef } from "../../src/db/channelKey";
import type { MessageRecord } from "../../src/db/entities/MessageRecord";
import type { LiveSocket } from "../connection/ConnectionDriver";
import type { ImHttp } from "../rest/ImHttp";
import type { ReceiveContext } from "../inbox/receiveRules";

export interface UserContext {
  readonly uid: string;
  readonly db: AppDb;
  readonly http: ImHttp;
  now(): number;
  /** The connected socket with its connection keys, or null. */
  live(): LiveSocket | null;
  emit(event: MessengerEvent): void;
  /** Runs store writes one after another, in call order. */
  serial<T>(task: () => Promise<T>): Promise<T>;
  /** Who is looking at what right now (for unread and receipts). */
  receiveContext(): ReceiveContext;
  /** A background failure no call returns: reported to the tabs as an `error` event. */
  reportError(error: unknown): void;
  /** True once the user's messenger was stopped: late async work must not write anything. */
  readonly disposed: boolean;
}

/**
 * Most rows a `messagesChanged` event carries: a live message or two, a receipt batch; a sync's
 * hundreds are left to the tabs' IndexedDB re-read instead of being copied to every tab.
 */
export const MESSAGES_CHANGED_ROWS_MAX = 20;

/** `messagesChanged` per channel for the given rows (with the rows when few). */
export function emitMessagesChanged(
  ctx: Pick<UserContext, "emit">,
  rows: readonly MessageRecord[],
): void {
  const byChannel = new Map<
    string,
    { channel: ChannelRef; nos: string[]; rows: MessageRecord[] }
  >();
  for (const row of rows) {
    const key = channelKey(row);
    let entry = byChannel.get(key);
    if (entry === undefined) {
      entry = {
        channel: { channelId: row.channelId, channelType: row.channelType },
        nos: [],
        rows: [],
      };
      byChannel.set(key, entry);
    }
    entry.nos.push(row.clientMsgNo);
    entry.rows.push(row);
  }
  for (const { channel, nos, rows: changed } of byChannel.values())
    ctx.emit({
      type: "messagesChanged",
      channel,
      clientMsgNos: nos,
      rows: changed.length <= MESSAGES_CHANGED_ROWS_MAX ? changed : null,
    });
}

/** `conversationsChanged` for the given channels (nothing when empty). */
export function emitConversationsChanged(
  ctx: Pick<UserContext, "emit">,
  channels: readonly ChannelRef[],
): void {
  if (channels.length === 0) return;
  ctx.emit({
    type: "conversationsChanged",
    channels: channels.map(({ channelId, channelType }) => ({
      channelId,
      channelType,
    })),
  });
}

// Writes to conversations as a whole: reading up to a seq, deleting a conversation with its local
// history, and applying the server's conversation list.
import type { AppDb, ChannelPk } from "../../src/db/AppDb";
import { Dexie } from "dexie";
import { channelKey, type ChannelRef } from "../../src/db/channelKey";
import type { ConversationRecord } from "../../src/db/entities/ConversationRecord";
import { clearedCursorName } from "../../src/db/entities/SyncCursorRecord";
import { emptyConversation } from "../inbox/receiveRules";
import { advanceReadTo, mergeServerUnread } from "../inbox/unread";

const pkOf = (c: ChannelRef): ChannelPk => [c.channelId, c.channelType];

/**
 * Everything up to `seq` (default: the last known message) is read. Returns the updated conversation,
 * or undefined when there is none. readToSeq never moves back.
 */
export async function applyReadTo(
  db: AppDb,
  args: { readonly channel: ChannelRef; readonly seq?: number },
): Promise<ConversationRecord | undefined> {
  return db.transaction("rw", db.conversations, async () => {
    const conversation = await db.conversations.get(pkOf(args.channel));
    if (conversation === undefined) return undefined;
    const next = advanceReadTo(
      conversation,
      args.seq ?? conversation.lastMessageSeq,
    );
    if (next !== conversation) await db.conversations.put(next);
    return next;
  });
}

/**
 * Deletes a conversation and its local history: messages, pending sends and uploads, queued receipts,
 * reminders. Remembers the highest seq deleted so syncs never bring that history back. Returns the
 * clientMsgNos removed from the outbox (drop them from the scheduler).
 */
export async function deleteConversation(
  db: AppDb,
  channel: ChannelRef,
): Promise<{ removedOutbox: string[] }> {
  const { channelId, channelType } = channel;
  const tables = [
    db.messages,
    db.conversations,
    db.outbox,
    db.uploads,
    db.receiptQueue,
    db.reminders,
    db.syncCursors,
  ];
  return db.transaction("rw", tables, async () => {
    const cursorName = clearedCursorName(channelKey(channel));
    const [conversation, cursor, newest] = await Promise.all([
      db.conversations.get(pkOf(channel)),
      db.syncCursors.get(cursorName),
      db.messages
        .where("[channelId+channelType+messageSeq]")
        .between(
          [channelId, channelType, Dexie.minKey],
          [channelId, channelType, Dexie.maxKey],
        )
        .last(),
    ]);
    const clearedTo = Math.max(
      cursor?.value ?? 0,
      conversation?.lastMessageSeq ?? 0,
      newest?.messageSeq ?? 0,
    );
    const outboxRows = await db.outbox
      .where("[channelId+channelType]")
      .equals([channelId, channelType])
      .toArray();
    const removedOutbox = outboxRows.map((r) => r.clientMsgNo);
    await Promise.all([
      db.messages
        .where("[channelId+channelType+status]")
        .between(
          [channelId, channelType, Dexie.minKey],
          [channelId, channelType, Dexie.maxKey],
        )
        .delete(),
      db.outbox.bulkDelete(outboxRows.map((r) => r.seq)),
      db.uploads.bulkDelete(removedOutbox),
      db.receiptQueue
        .where("[channelId+channelType]")
        .equals([channelId, channelType])
        .delete(),
      db.reminders
        .where("[channelId+channelType]")
        .equals([channelId, channelType])
        .delete(),
      db.conversations.delete(pkOf(channel)),
      clearedTo > 0
        ? db.syncCursors.put({ name: cursorName, value: clearedTo })
        : Promise.resolve(),
    ]);
    return { removedOutbox };
  });
}

/** One entry of the server's conversation list (`conversationList`, spec §7), already parsed. */
export interface ServerConversation {
  readonly channel: ChannelRef;
  readonly lastMessageSeq: number;
  readonly unread: number;
  /** Milliseconds of the last message. */
  readonly timestamp: number;
  readonly version: number;
}

/**
 * Applies the server's conversation list in one transaction: the server's unread becomes
 * readToSeq = lastMessageSeq − unread, unless this device has read further (mergeServerUnread).
 * Entries older than the stored version are ignored, and so are entries that only repeat deleted
 * history. Returns the channels that changed.
 */
export async function applyServerConversations(
  db: AppDb,
  entries: readonly ServerConversation[],
): Promise<ChannelRef[]> {
  if (entries.length === 0) return [];
  return db.transaction("rw", [db.conversations, db.syncCursors], async () => {
    const [stored, cleared] = await Promise.all([
      db.conversations.bulkGet(entries.map((e) => pkOf(e.channel))),
      db.syncCursors.bulkGet(
        entries.map((e) => clearedCursorName(channelKey(e.channel))),
      ),
    ]);
    const changed: ConversationRecord[] = [];
    entries.forEach((entry, i) => {
      const current = stored[i];
      if (current !== undefined && entry.version < current.version) return;
      if (entry.lastMessageSeq <= (cleared[i]?.value ?? 0)) return;
      const base =
        current ??
        emptyConversation(entry.channel.channelId, entry.channel.channelType);
      // NOTE: the server's own last seq: its unread counts up to it (mergeServerUnread keeps
      // what this device already knows beyond).
      const next = mergeServerUnread(base, entry.lastMessageSeq, entry.unread);
      changed.push({
        ...next,
        timestamp: Math.max(base.timestamp, entry.timestamp),
        version: entry.version,
      });
    });
    await db.conversations.bulkPut(changed);
    return changed.map(({ channelId, channelType }) => ({
      channelId,
      channelType,
    }));
  });
}

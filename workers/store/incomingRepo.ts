// Storing received messages (RECV or messageSync pages): idempotent by clientMsgNo and messageId, one
// readwrite transaction with bulk reads and writes, conversations updated in the same transaction.
import type { AppDb, ChannelPk } from "../../src/db/AppDb";
import { channelKey, type ChannelRef } from "../../src/db/channelKey";
import type { ConversationRecord } from "../../src/db/entities/ConversationRecord";
import {
  MessageStatus,
  type MessageRecord,
} from "../../src/db/entities/MessageRecord";
import { clearedCursorName } from "../../src/db/entities/SyncCursorRecord";
import {
  applyToConversation,
  isCommand,
  type ReceiveContext,
} from "../session/receiveRules";
import { detectGaps, type SeqRange } from "../session/syncGaps";

/** A decoded, msgKey-verified message from the server. */
export type IncomingMessage = Omit<
  MessageRecord,
  "status" | "failure" | "messageId" | "messageSeq"
> & {
  readonly messageId: string;
  readonly messageSeq: number;
};

/** What {@link storeIncomingBatch} did. */
export interface StoreIncomingResult {
  /** Rows written: new messages, and own pending messages the server turned out to have. */
  readonly stored: readonly MessageRecord[];
  /** Own pending messages settled by this batch: drop them from the outbox scheduler. */
  readonly settledOutgoing: readonly string[];
  /** Messages already stored (same clientMsgNo or messageId), or inside cleared history. */
  readonly duplicates: number;
  /** Messages refused as malformed (nothing of them was written). */
  readonly rejected: number;
  /** Command messages (type 99): for command listeners only, not stored. */
  readonly commands: readonly IncomingMessage[];
  readonly changedConversations: readonly ChannelRef[];
  /** Seq ranges skipped by this batch, per channel: ask messageSync for them. */
  readonly gaps: readonly (ChannelRef & SeqRange)[];
}

function wellFormed(m: IncomingMessage): boolean {
  return (
    typeof m.clientMsgNo === "string" &&
    m.clientMsgNo !== "" &&
    /^\d{1,20}$/.test(m.messageId) &&
    Number.isInteger(m.messageSeq) &&
    m.messageSeq >= 0 &&
    typeof m.channelId === "string" &&
    m.channelId !== "" &&
    Number.isInteger(m.channelType) &&
    typeof m.fromUid === "string" &&
    Number.isFinite(m.timestamp) &&
    Number.isInteger(m.contentType) &&
    typeof m.content === "object"
  );
}

function toRow(m: IncomingMessage): MessageRecord {
  return { ...m, status: MessageStatus.NORMAL };
}

/**
 * Stores a batch of received messages in ONE transaction: command messages are handed back, not
 * stored; duplicates (by clientMsgNo or messageId) and messages inside history deleted with their
 * conversation are skipped; an own message still pending locally (its SENDACK was lost) is settled.
 * Conversations get seq, preview and unread in the same transaction.
 */
export async function storeIncomingBatch(
  db: AppDb,
  batch: readonly IncomingMessage[],
  context: ReceiveContext,
): Promise<StoreIncomingResult> {
  const commands = batch.filter(isCommand);
  const candidates: IncomingMessage[] = [];
  const seenNos = new Set<string>();
  let rejected = 0;
  let duplicates = 0;
  for (const m of batch) {
    if (isCommand(m)) continue;
    if (!wellFormed(m)) rejected += 1;
    else if (seenNos.has(m.clientMsgNo)) duplicates += 1;
    else {
      seenNos.add(m.clientMsgNo);
      candidates.push(m);
    }
  }
  const empty = {
    stored: [],
    settledOutgoing: [],
    changedConversations: [],
    gaps: [],
  };
  if (candidates.length === 0)
    return { ...empty, duplicates, rejected, commands };

  return db.transaction(
    "rw",
    [db.messages, db.conversations, db.outbox, db.uploads, db.syncCursors],
    async () => {
      const channelKeys = [...new Set(candidates.map(channelKey))];
      const [byNo, byId, cleared] = await Promise.all([
        db.messages.bulkGet(candidates.map((m) => m.clientMsgNo)),
        db.messages
          .where("messageId")
          .anyOf(candidates.map((m) => m.messageId))
          .toArray(),
        db.syncCursors.bulkGet(channelKeys.map(clearedCursorName)),
      ]);
      const clearedTo = new Map(
        channelKeys.map((key, i) => [key, cleared[i]?.value ?? 0]),
      );
      const storedIds = new Set(byId.map((row) => row.messageId));

      const rows: MessageRecord[] = [];
      const settled: string[] = [];
      candidates.forEach((m, i) => {
        const existing = byNo[i];
        const settles =
          existing !== undefined &&
          existing.status !== MessageStatus.NORMAL &&
          m.fromUid === context.selfUid &&
          existing.fromUid === context.selfUid &&
          !storedIds.has(m.messageId);
        if (settles) {
          // NOTE: our own message, stored by the server although its SENDACK never arrived.
          rows.push({
            ...existing,
            messageId: m.messageId,
            messageSeq: m.messageSeq,
            timestamp: m.timestamp,
            status: MessageStatus.NORMAL,
          });
          settled.push(m.clientMsgNo);
        } else if (existing !== undefined || storedIds.has(m.messageId)) {
          duplicates += 1;
        } else if (
          m.messageSeq > 0 &&
          m.messageSeq <= (clearedTo.get(channelKey(m)) ?? 0)
        ) {
          duplicates += 1;
        } else {
          storedIds.add(m.messageId);
          rows.push(toRow(m));
        }
      });

      await db.messages.bulkPut(rows);
      if (settled.length > 0) {
        const outboxKeys = await db.outbox
          .where("clientMsgNo")
          .anyOf(settled)
          .primaryKeys();
        await Promise.all([
          db.outbox.bulkDelete(outboxKeys),
          db.uploads.bulkDelete(settled),
        ]);
      }

      const byChannel = new Map<string, MessageRecord[]>();
      for (const row of rows) {
        const key = channelKey(row);
        byChannel.set(key, [...(byChannel.get(key) ?? []), row]);
      }
      const keys = [...byChannel.keys()];
      const pks = keys.map((key): ChannelPk => {
        const first = byChannel.get(key)?.[0];
        return [first?.channelId ?? "", first?.channelType ?? 0];
      });
      const conversations = await db.conversations.bulkGet(pks);
      const changed: ConversationRecord[] = [];
      const gaps: (ChannelRef & SeqRange)[] = [];
      keys.forEach((key, i) => {
        const channelRows = byChannel.get(key) ?? [];
        const before = conversations[i];
        const [channelId, channelType] = pks[i] ?? ["", 0];
        for (const gap of detectGaps(
          before?.lastMessageSeq ?? 0,
          channelRows.map((r) => r.messageSeq ?? 0),
        )) {
          gaps.push({ channelId, channelType, ...gap });
        }
        const after = applyToConversation(before, key, channelRows, context);
        if (after !== undefined && after !== before) changed.push(after);
      });
      await db.conversations.bulkPut(changed);

      return {
        stored: rows,
        settledOutgoing: settled,
        duplicates,
        rejected,
        commands,
        changedConversations: changed.map(({ channelId, channelType }) => ({
          channelId,
          channelType,
        })),
        gaps,
      };
    },
  );
}

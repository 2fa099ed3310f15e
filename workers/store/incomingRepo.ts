// Storing received messages (RECV or messageSync pages): idempotent by clientMsgNo and messageId, one
// readwrite transaction with bulk reads and writes, conversations updated in the same transaction.
// Resent copies of one message (issue #18) are decided in incomingPlan.ts: one row is kept, the
// other copy's seq stays known through a hidden marker row, so it is neither shown nor a hole.
import type { AppDb, ChannelPk } from "../../src/db/AppDb";
import { channelKey, type ChannelRef } from "../../src/db/channelKey";
import type { ConversationRecord } from "../../src/db/entities/ConversationRecord";
import type { MessageRecord } from "../../src/db/entities/MessageRecord";
import { clearedCursorName } from "../../src/db/entities/SyncCursorRecord";
import {
  applyToConversation,
  isCommand,
  type ReceiveContext,
} from "../inbox/receiveRules";
import { detectGaps, type SeqRange } from "../sync/syncGaps";
import { noteSeq } from "../inbox/unread";
import { newRow, planIncoming, type IncomingMessage } from "./incomingPlan";

export type { IncomingMessage } from "./incomingPlan";

/** What {@link storeIncomingBatch} did. */
export interface StoreIncomingResult {
  /** Rows written: new messages, and own pending messages the server turned out to have. */
  readonly stored: readonly MessageRecord[];
  /** Own pending messages settled by this batch: drop them from the outbox scheduler. */
  readonly settledOutgoing: readonly string[];
  /** Messages already stored (same clientMsgNo or messageId), or inside cleared history. */
  readonly duplicates: number;
  /** Marker rows written for dropped copies (their seqs are known, never shown nor unread). */
  readonly markers: number;
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

/**
 * The rows a received batch shows before it is stored (#20: an open thread need not wait for the
 * store transaction): its well-formed messages that are not commands, as new rows. Whatever the
 * store then decides (a duplicate, a resent copy, cleared history) the thread's window already
 * accounts for, or the live query corrects within the preview's lifetime (threadPreview.ts).
 */
export function announcedRows(
  batch: readonly IncomingMessage[],
): MessageRecord[] {
  return batch.filter((m) => !isCommand(m) && wellFormed(m)).map(newRow);
}

/**
 * Stores a batch of received messages in ONE transaction: command messages are handed back, not
 * stored; duplicates (by messageId, or a resent copy under the same clientMsgNo) and messages inside
 * history deleted with their conversation are skipped; an own message still pending locally (its
 * SENDACK was lost) is settled. Conversations get seq, preview and unread in the same transaction.
 */
export async function storeIncomingBatch(
  db: AppDb,
  batch: readonly IncomingMessage[],
  context: ReceiveContext,
): Promise<StoreIncomingResult> {
  const commands = batch.filter(isCommand);
  const candidates: IncomingMessage[] = [];
  const seenIds = new Set<string>();
  let rejected = 0;
  let repeats = 0;
  for (const m of batch) {
    if (isCommand(m)) continue;
    if (!wellFormed(m)) rejected += 1;
    else if (seenIds.has(m.messageId)) repeats += 1;
    else {
      seenIds.add(m.messageId);
      candidates.push(m);
    }
  }
  const empty = {
    stored: [],
    settledOutgoing: [],
    changedConversations: [],
    gaps: [],
    markers: 0,
  };
  if (candidates.length === 0)
    return { ...empty, duplicates: repeats, rejected, commands };

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
      const plan = planIncoming(candidates, {
        selfUid: context.selfUid,
        byNo: new Map(
          byNo.flatMap((row) =>
            row === undefined ? [] : [[row.clientMsgNo, row] as const],
          ),
        ),
        storedIds: new Set(byId.map((row) => row.messageId ?? "")),
        clearedTo: new Map(
          channelKeys.map((key, i) => [key, cleared[i]?.value ?? 0]),
        ),
      });
      const { rows, markers, settled } = plan;

      // NOTE: rows first: a marker may take the messageId a rewritten row gives up (unique index).
      await db.messages.bulkPut([...rows, ...markers]);
      if (settled.length > 0) {
        const outboxKeys = await db.outbox
          .where("clientMsgNo")
          .anyOf(settled)
          .primaryKeys();
        await Promise.all([
          db.outbox.bulkDelete(outboxKeys),
          db.uploads.bulkDelete([...settled]),
        ]);
      }

      const byChannel = new Map<
        string,
        { pk: ChannelPk; rows: MessageRecord[]; markerSeqs: number[] }
      >();
      const entry = (row: MessageRecord) => {
        const key = channelKey(row);
        const found = byChannel.get(key) ?? {
          pk: [row.channelId, row.channelType] as ChannelPk,
          rows: [],
          markerSeqs: [],
        };
        byChannel.set(key, found);
        return found;
      };
      for (const row of rows) entry(row).rows.push(row);
      for (const marker of markers)
        entry(marker).markerSeqs.push(marker.messageSeq ?? 0);
      const keys = [...byChannel.keys()];
      const conversations = await db.conversations.bulkGet(
        keys.map((key) => byChannel.get(key)?.pk ?? ["", 0]),
      );
      const changed: ConversationRecord[] = [];
      const gaps: (ChannelRef & SeqRange)[] = [];
      keys.forEach((key, i) => {
        const channel = byChannel.get(key);
        if (channel === undefined) return;
        const before = conversations[i];
        const [channelId, channelType] = channel.pk;
        for (const gap of detectGaps(before?.lastMessageSeq ?? 0, [
          ...channel.rows.map((r) => r.messageSeq ?? 0),
          ...channel.markerSeqs,
        ])) {
          gaps.push({ channelId, channelType, ...gap });
        }
        let after = applyToConversation(before, key, channel.rows, context);
        // NOTE: a dropped copy's seq is known and never unread (see incomingPlan.ts); markers
        // alone create no conversation.
        if (after !== undefined)
          for (const seq of channel.markerSeqs)
            after = noteSeq(after, seq, false);
        if (after !== undefined && after !== before) changed.push(after);
      });
      await db.conversations.bulkPut(changed);

      return {
        stored: [...rows],
        settledOutgoing: settled,
        duplicates: repeats + plan.duplicates,
        markers: markers.length,
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

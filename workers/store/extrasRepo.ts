// Applies message extras from messageExtraSync (receipt counts, revoke, edits, read and deleted
// flags) to stored messages, in one transaction; extras of messages not stored here are skipped.
import type { AppDb } from "../../src/db/AppDb";
import type { MessageRecord } from "../../src/db/entities/MessageRecord";
import type { WireExtra } from "../rest/wire";

/** Writes each extra onto its message (by messageId) unless the stored extra is newer. Returns the changed rows. */
export async function applyExtras(
  db: AppDb,
  extras: readonly WireExtra[],
): Promise<MessageRecord[]> {
  if (extras.length === 0) return [];
  return db.transaction("rw", db.messages, async () => {
    const rows = await db.messages
      .where("messageId")
      .anyOf(extras.map((e) => e.messageId))
      .toArray();
    const byId = new Map(rows.map((row) => [row.messageId, row]));
    const changed = new Map<string, MessageRecord>();
    for (const extra of extras) {
      const row = changed.get(extra.messageId) ?? byId.get(extra.messageId);
      if (row === undefined) continue;
      if ((row.extra?.extraVersion ?? -1) > extra.extra.extraVersion) continue;
      const next: MessageRecord = {
        ...row,
        extra: extra.extra,
        isDeleted: row.isDeleted || extra.isDeleted,
        readed: row.readed || extra.readed,
        ...(extra.readedAt === undefined || row.readedAt !== undefined
          ? {}
          : { readedAt: extra.readedAt }),
      };
      changed.set(extra.messageId, next);
    }
    await db.messages.bulkPut([...changed.values()]);
    return [...changed.values()];
  });
}

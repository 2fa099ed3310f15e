// The data of the staff workspace (#22): the team's quick replies (at most WORKSPACE_LIMITS
// .maxQuickReplies, counted under a table lock so two staff adding at once cannot pass it), the
// private note on a customer, and the customer's context beside the thread. Every change is
// audited with the transaction that makes it.
import {
  type CustomerContextDto,
  type QuickReplyDto,
  WORKSPACE_LIMITS,
} from "#contract";
import { asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import {
  customerNotes,
  prayerAgreements,
  quickReplies,
  users,
} from "../../db/schema";
import { HttpError } from "../../http/errors";
import { recordAudit } from "../audit/auditLog";
import { rowsOf } from "../messenger/wireMessage";
import { optionalText, requiredText } from "../orders/fieldRules";

const presentReply = (
  row: typeof quickReplies.$inferSelect,
): QuickReplyDto => ({
  id: row.id,
  text: row.text,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listQuickReplies(db: Db): Promise<QuickReplyDto[]> {
  const rows = await db
    .select()
    .from(quickReplies)
    .orderBy(asc(quickReplies.id));
  return rows.map(presentReply);
}

/** Adds (no id) or edits a quick reply. */
export async function saveQuickReply(
  db: Db,
  staffUserId: number,
  input: { id?: number | undefined; text: string },
  now: Date,
): Promise<QuickReplyDto> {
  const text = requiredText(
    input.text,
    "text",
    WORKSPACE_LIMITS.quickReplyMaxChars,
    { multiline: true },
  );
  return db.transaction(async (tx) => {
    let row;
    if (input.id === undefined) {
      // NOTE: the team's list has one limit; the lock makes count-then-insert atomic.
      await tx.execute(
        sql`lock table quick_replies in share row exclusive mode`,
      );
      const [total] = await tx.select({ n: count() }).from(quickReplies);
      if ((total?.n ?? 0) >= WORKSPACE_LIMITS.maxQuickReplies)
        throw new HttpError(
          "QUICK_REPLY_LIMIT",
          `the team keeps at most ${WORKSPACE_LIMITS.maxQuickReplies} quick replies`,
          { params: { max: WORKSPACE_LIMITS.maxQuickReplies } },
        );
      [row] = await tx
        .insert(quickReplies)
        .values({
          text,
          createdBy: staffUserId,
          updatedBy: staffUserId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
    } else {
      [row] = await tx
        .update(quickReplies)
        .set({ text, updatedBy: staffUserId, updatedAt: now })
        .where(eq(quickReplies.id, input.id))
        .returning();
    }
    if (row === undefined)
      throw new HttpError("QUICK_REPLY_NOT_FOUND", "no such quick reply");
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: "quickReply.save",
      targetType: "quickReply",
      targetId: row.id,
      details: { created: input.id === undefined },
      at: now,
    });
    return presentReply(row);
  });
}

export async function deleteQuickReply(
  db: Db,
  staffUserId: number,
  id: number,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(quickReplies)
      .where(eq(quickReplies.id, id))
      .returning({ id: quickReplies.id, text: quickReplies.text });
    if (gone === undefined)
      throw new HttpError("QUICK_REPLY_NOT_FOUND", "no such quick reply");
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: "quickReply.delete",
      targetType: "quickReply",
      targetId: id,
      details: { text: gone.text },
      at: now,
    });
  });
}

/** The customer with IM id `imId`; 404 IM_USER_NOT_FOUND when there is none. */
export async function customerByImId(
  db: Db,
  imId: string,
): Promise<typeof users.$inferSelect> {
  const [row] = await db.select().from(users).where(eq(users.imId, imId));
  if (row === undefined)
    throw new HttpError("IM_USER_NOT_FOUND", `no user ${imId}`);
  return row;
}

/** Writes (or, with blank text, clears) staff's note on a customer. */
export async function saveCustomerNote(
  db: Db,
  staffUserId: number,
  customerId: number,
  input: string,
  now: Date,
): Promise<void> {
  const text = optionalText(input, "text", WORKSPACE_LIMITS.noteMaxChars, {
    multiline: true,
  });
  await db.transaction(async (tx) => {
    if (text === null)
      await tx
        .delete(customerNotes)
        .where(eq(customerNotes.userId, customerId));
    else
      await tx
        .insert(customerNotes)
        .values({
          userId: customerId,
          text,
          updatedBy: staffUserId,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: customerNotes.userId,
          set: { text, updatedBy: staffUserId, updatedAt: now },
        });
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: "customerNote.save",
      targetType: "user",
      targetId: customerId,
      details: { cleared: text === null },
      at: now,
    });
  });
}

interface PersonRow {
  im_id: string;
  nickname: string;
  avatar_url: string;
}

const person = (row: PersonRow | undefined) =>
  row === undefined
    ? null
    : { imId: row.im_id, nickname: row.nickname, avatarUrl: row.avatar_url };

/** What staff see beside a customer's thread. */
export async function customerContext(
  db: Db,
  customer: typeof users.$inferSelect,
): Promise<CustomerContextDto> {
  const [assigned, parent, invitees, note, agreements] = await Promise.all([
    db.execute(sql`select s.im_id, s.nickname, s.avatar_url
      from im_service_assignments a join users s on s.id = a.service_user_id
      where a.user_id = ${customer.id}`),
    customer.parentUserId === null
      ? Promise.resolve(null)
      : db.execute(sql`select im_id, nickname, avatar_url from users
          where id = ${customer.parentUserId}`),
    db
      .select({ n: count() })
      .from(users)
      .where(eq(users.parentUserId, customer.id)),
    db.execute(sql`select n.text, n.updated_at, u.nickname as updated_by
      from customer_notes n left join users u on u.id = n.updated_by
      where n.user_id = ${customer.id}`),
    db
      .select()
      .from(prayerAgreements)
      .where(eq(prayerAgreements.userId, customer.id))
      .orderBy(asc(prayerAgreements.id)),
  ]);
  const [noteRow] = rowsOf<{
    text: string;
    updated_at: string | Date;
    updated_by: string | null;
  }>(note);
  return {
    userId: customer.id,
    imId: customer.imId,
    nickname: customer.nickname,
    avatarUrl: customer.avatarUrl,
    createdAt: customer.createdAt.toISOString(),
    assignedTo: person(rowsOf<PersonRow>(assigned)[0]),
    invitedBy: parent === null ? null : person(rowsOf<PersonRow>(parent)[0]),
    invitees: invitees[0]?.n ?? 0,
    note:
      noteRow === undefined
        ? null
        : {
            text: noteRow.text,
            updatedAt: new Date(noteRow.updated_at).toISOString(),
            updatedBy: noteRow.updated_by,
          },
    agreements: agreements.map((a) => ({
      id: a.id,
      masterId: a.orderId,
      status: a.status,
      createdAt: a.createdAt.toISOString(),
      signedAt: a.signedAt?.toISOString() ?? null,
    })),
  };
}

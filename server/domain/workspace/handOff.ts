// Hands a customer's chat with the temple to another service staff member or to a monk (#22): the
// assignment `getVirtual` reads moves, the customer is told in the chat by whoever answers now
// (in their language), and the move is audited.
import { ChannelType } from "#protocol";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { imServiceAssignments, type UserRow } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { type ServerMessage, translate } from "../../i18n/serverI18n";
import type { Locale } from "../../lib/locale";
import { recordAudit } from "../audit/auditLog";
import { type NoticeDeps, readerLocale } from "../fulfilment/orderNotices";
import { rowsOf } from "../messenger/wireMessage";

const GREETING: ServerMessage = /*i18n*/ {
  id: "chat.handOffGreeting",
  message: "您好，我是{name}，接下来由我为您服务。",
  comment: "{name} is the nickname of the staff member or monk who now answers",
};

/** The words the new assignee greets with. */
export function handOffGreeting(name: string, locale: Locale): string {
  return translate(locale, GREETING, { name });
}

interface Target {
  id: number;
  im_id: string;
  nickname: string;
}

export async function handOffChat(
  deps: NoticeDeps,
  staffUserId: number,
  customer: UserRow,
  toImId: string,
  now: Date,
): Promise<{ imId: string; nickname: string }> {
  const { db } = deps;
  const [target] = rowsOf<Target>(
    await db.execute(sql`select id, im_id, nickname from users
      where im_id = ${toImId} and (is_service = 1 or is_monk = 1) and banned = false`),
  );
  if (target === undefined || target.id === customer.id)
    throw new HttpError(
      "HAND_OFF_TARGET_INVALID",
      `${toImId} is neither service staff nor a monk`,
    );
  const moved = await db.transaction(async (tx: Db) => {
    const [before] = rowsOf<{ service_user_id: number }>(
      await tx.execute(sql`select service_user_id from im_service_assignments
        where user_id = ${customer.id} for update`),
    );
    if (before?.service_user_id === target.id) return false;
    await tx
      .insert(imServiceAssignments)
      .values({
        userId: customer.id,
        serviceUserId: target.id,
        assignedAt: now,
      })
      .onConflictDoUpdate({
        target: imServiceAssignments.userId,
        set: { serviceUserId: target.id, assignedAt: now },
      });
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: "chat.handOff",
      targetType: "user",
      targetId: customer.id,
      details: { from: before?.service_user_id ?? null, to: target.id },
      at: now,
    });
    return true;
  });
  if (moved && deps.im !== null) {
    const locale = await readerLocale(db, customer.id);
    const result = await deps.im.send({
      fromUid: target.im_id,
      channelId: customer.imId,
      channelType: ChannelType.PERSON,
      payload: new TextEncoder().encode(
        JSON.stringify({
          type: 1,
          content: handOffGreeting(target.nickname, locale),
        }),
      ),
      clientMsgNo: `handoff-${customer.id}-${now.getTime()}`,
    });
    if (!result.ok)
      deps.logger.warn(
        { customer: customer.imId, reason: result.detail },
        "the hand-off greeting was refused",
      );
  }
  return { imId: target.im_id, nickname: target.nickname };
}

/** Who a chat can be handed to: service staff and monks, not banned. */
export async function handOffTargets(db: Db) {
  const rows = rowsOf<{
    im_id: string;
    nickname: string;
    avatar_url: string;
    is_service: number;
  }>(
    await db.execute(sql`select im_id, nickname, avatar_url, is_service from users
      where (is_service = 1 or is_monk = 1) and banned = false
      order by is_service desc, id asc limit 200`),
  );
  return rows.map((row) => ({
    imId: row.im_id,
    nickname: row.nickname,
    avatarUrl: row.avatar_url,
    role: row.is_service === 1 ? ("service" as const) : ("monk" as const),
  }));
}

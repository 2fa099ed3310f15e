// Agreements as a chat thread needs them: for staff, the peer's orders they may send an agreement
// for (service staff: any paid / in-service order; a monk: only those of their own services); for
// a user, the agreements the peer sent them; and the sign reminder closed once an agreement is signed.
import type { ChatAgreementDto, SignableOrderDto } from "#contract";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import {
  monks,
  orders,
  prayerAgreements,
  products,
  users,
} from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { Locale } from "../../lib/locale";
import { pick } from "../../lib/locale";
import type { ImEngine } from "../messenger/ImEngine";
import { ReminderType, SYNC_REMINDERS_CMD } from "../messenger/reminders";
import { rowsOf } from "../messenger/wireMessage";
import { SIGNABLE_STATUSES } from "./agreements";
import { agreementTitle } from "./agreementText";

/** Most rows either list returns (newest first); a chat never needs more. */
export const CHAT_AGREEMENT_LIMIT = 50;

/**
 * The peer's orders `staffUserId` may send an agreement for. 403 unless the caller is service
 * staff or a monk; an unknown peer is 404; the caller's own orders are never listed.
 */
export async function listSignableOrders(
  db: Db,
  staffUserId: number,
  peerImId: string,
  locale: Locale,
): Promise<SignableOrderDto[]> {
  const [me] = await db.select().from(users).where(eq(users.id, staffUserId));
  if (me === undefined || (me.isService !== 1 && me.isMonk !== 1))
    throw new HttpError(
      "FORBIDDEN",
      "only service staff and monks list a customer's orders",
    );
  const [peer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.imId, peerImId));
  if (peer === undefined)
    throw new HttpError("IM_USER_NOT_FOUND", "no such IM user");
  if (peer.id === me.id) return [];
  const conditions = [
    eq(orders.userId, peer.id),
    inArray(orders.status, [...SIGNABLE_STATUSES]),
  ];
  if (me.isService !== 1) conditions.push(eq(monks.userId, me.id));
  const rows = await db
    .select({
      order: orders,
      agreementId: prayerAgreements.id,
      agreementStatus: prayerAgreements.status,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(monks, eq(monks.id, products.monkId))
    .leftJoin(prayerAgreements, eq(prayerAgreements.orderId, orders.id))
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(CHAT_AGREEMENT_LIMIT);
  return rows.map(({ order, agreementId, agreementStatus }) => ({
    masterId: order.id,
    masterOrderNo: order.masterOrderNo,
    productTitle: pick(order.productTitle, locale),
    optionLabel: pick(order.optionLabel, locale),
    quantity: order.quantity,
    totalFen: order.totalFen,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    agreement:
      agreementId === null || agreementStatus === null
        ? null
        : { id: agreementId, status: agreementStatus },
  }));
}

/** The caller's own agreements that `peerImId` sent (an unknown peer simply has none). */
export async function listAgreementsFrom(
  db: Db,
  userId: number,
  peerImId: string,
  locale: Locale,
): Promise<ChatAgreementDto[]> {
  const rows = await db
    .select({ agreement: prayerAgreements, order: orders })
    .from(prayerAgreements)
    .innerJoin(orders, eq(orders.id, prayerAgreements.orderId))
    .innerJoin(users, eq(users.id, prayerAgreements.senderUserId))
    .where(and(eq(prayerAgreements.userId, userId), eq(users.imId, peerImId)))
    .orderBy(desc(prayerAgreements.createdAt), desc(prayerAgreements.id))
    .limit(CHAT_AGREEMENT_LIMIT);
  return rows.map(({ agreement, order }) => ({
    id: agreement.id,
    title: agreementTitle(order, locale),
    masterOrderNo: order.masterOrderNo,
    status: agreement.status,
    sentAt: agreement.createdAt.toISOString(),
    signedAt: agreement.signedAt?.toISOString() ?? null,
  }));
}

/**
 * Marks the owner's "please sign" reminders of a now signed agreement done (new versions, so the
 * reminder sync brings the change) and tells their live connections to sync. Returns how many.
 */
export async function closeSignReminders(
  db: Db,
  im: Pick<ImEngine, "notify">,
  ownerImId: string,
  agreementId: number,
): Promise<number> {
  const closed = await db.execute(sql`
    update im_reminders set done = 1, version = nextval('im_reminder_version')
    where uid = ${ownerImId} and reminder_type = ${ReminderType.SIGN_AGREEMENT}
      and done = 0
      and (case when reminder_type = ${ReminderType.SIGN_AGREEMENT} and data is not null
        then data::jsonb ->> 'agreementId' end) = ${String(agreementId)}
    returning channel_id, channel_type`);
  const rows = rowsOf<{ channel_id: string; channel_type: number }>(closed);
  for (const row of rows)
    im.notify({
      toUid: ownerImId,
      channelId: row.channel_id,
      channelType: row.channel_type,
      cmd: SYNC_REMINDERS_CMD,
    });
  return rows.length;
}

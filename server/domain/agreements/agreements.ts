// Prayer agreements: staff (service staff, or the monk of the order's product) send one for a
// paid order into the chat (a "please sign" reminder, and a command to an open chat); only the
// order's owner reads and signs it, once, with a PNG signature; the signed agreement then goes
// into the conversation as an image message both sides see.
import { and, eq } from "drizzle-orm";
import { ChannelType } from "#protocol";
import type { Db } from "../../db/createDb";
import {
  type AgreementRow,
  monks,
  orders,
  type OrderRow,
  prayerAgreements,
  products,
  users,
} from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { ImEngine } from "../messenger/ImEngine";
import { ReminderType, createReminder } from "../messenger/reminders";
import { agreementTitle } from "./agreementText";

export const AGREEMENT_CMD = "prayer.agreement";
/** Order statuses an agreement may be sent for. */
export const SIGNABLE_STATUSES: readonly OrderRow["status"][] = [
  "paid",
  "in_service",
];

const forbidden = (msg: string) => new HttpError("FORBIDDEN", msg);

export interface StaffCaller {
  userId: number;
  imId: string;
}

export interface SentAgreement {
  agreement: AgreementRow;
  order: OrderRow;
}

export async function sendAgreement(
  db: Db,
  im: Pick<ImEngine, "notify">,
  staff: StaffCaller,
  masterOrderNo: string,
  now: number,
): Promise<SentAgreement> {
  const [me] = await db.select().from(users).where(eq(users.id, staff.userId));
  if (me === undefined || (me.isService !== 1 && me.isMonk !== 1))
    throw forbidden("only service staff and monks send agreements");
  const [found] = await db
    .select({ order: orders, owner: users, monkUserId: monks.userId })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(monks, eq(monks.id, products.monkId))
    .where(eq(orders.masterOrderNo, masterOrderNo));
  if (found === undefined)
    throw new HttpError("ORDER_NOT_FOUND", `order ${masterOrderNo} not found`);
  if (me.isService !== 1 && found.monkUserId !== me.id)
    throw forbidden("a monk sends agreements only for their own services");
  const { order, owner } = found;
  if (owner.id === me.id)
    throw forbidden("you cannot send an agreement to yourself");
  if (!SIGNABLE_STATUSES.includes(order.status))
    throw new HttpError(
      "AGREEMENT_ORDER_NOT_PAID",
      `order ${masterOrderNo} is ${order.status.replace("_", " ")}: agreements are for paid orders`,
    );

  const at = new Date(now);
  await db
    .insert(prayerAgreements)
    .values({
      orderId: order.id,
      userId: owner.id,
      senderUserId: me.id,
      status: "sent",
      createdAt: at,
    })
    .onConflictDoNothing();
  const [agreement] = await db
    .select()
    .from(prayerAgreements)
    .where(eq(prayerAgreements.orderId, order.id));
  if (agreement === undefined) throw new Error("agreement was not stored");
  if (agreement.status === "signed")
    throw new HttpError(
      "AGREEMENT_ALREADY_SIGNED",
      `the agreement of order ${masterOrderNo} is already signed`,
    );

  const title = agreementTitle(order, "cn");
  const param = { agreementId: agreement.id, masterOrderNo, title };
  // NOTE: the reminder is the durable "please sign" (synced on every device, offline too); the
  // command only makes an open chat fetch its agreements now. Both come from the server's own
  // sender: a command from a person's uid is ignored by clients (#19).
  await createReminder(db, im, {
    uid: owner.imId,
    channelId: me.imId,
    reminderType: ReminderType.SIGN_AGREEMENT,
    text: "请签署您的祈福协议",
    data: param,
  });
  im.notify({
    toUid: owner.imId,
    channelId: me.imId,
    channelType: ChannelType.PERSON,
    cmd: AGREEMENT_CMD,
    param,
  });
  return { agreement, order };
}

export interface OwnAgreement {
  agreement: AgreementRow;
  order: OrderRow;
  sender: { imId: string; nickname: string };
}

/** The caller's agreement; anyone else's is the same 404 as a missing one. */
export async function findOwnAgreement(
  db: Db,
  userId: number,
  id: number,
): Promise<OwnAgreement> {
  const [row] = await db
    .select({
      agreement: prayerAgreements,
      order: orders,
      senderImId: users.imId,
      senderNickname: users.nickname,
    })
    .from(prayerAgreements)
    .innerJoin(orders, eq(orders.id, prayerAgreements.orderId))
    .innerJoin(users, eq(users.id, prayerAgreements.senderUserId))
    .where(
      and(eq(prayerAgreements.id, id), eq(prayerAgreements.userId, userId)),
    );
  if (row === undefined)
    throw new HttpError("AGREEMENT_NOT_FOUND", `agreement ${id} not found`);
  return {
    agreement: row.agreement,
    order: row.order,
    sender: { imId: row.senderImId, nickname: row.senderNickname },
  };
}

/** Records the signature once; false when the agreement was signed meanwhile. */
export async function recordSignature(
  db: Db,
  agreement: AgreementRow,
  file: { name: string; width: number; height: number },
  now: number,
): Promise<AgreementRow | undefined> {
  const [row] = await db
    .update(prayerAgreements)
    .set({
      status: "signed",
      signatureFile: file.name,
      signatureWidth: file.width,
      signatureHeight: file.height,
      signedAt: new Date(now),
    })
    .where(
      and(
        eq(prayerAgreements.id, agreement.id),
        eq(prayerAgreements.userId, agreement.userId),
        eq(prayerAgreements.status, "sent"),
      ),
    )
    .returning();
  return row;
}

// Tells people in the chat what happened to an order (#22): the owner hears from the temple (their
// assigned service staff, the chat `getVirtual` opens) in their locale, which also becomes a Web
// Push while they are offline; staff hear of a refund request from the owner. Best effort after
// the change committed: a chat that cannot be reached is logged, never undoes the change.
import { ChannelType } from "#protocol";
import { desc, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/createDb";
import { type OrderRow, pushSubscriptions, users } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { DEFAULT_LOCALE, type Locale } from "../../lib/locale";
import type { ImEngine } from "../messenger/ImEngine";
import { assignedServiceUid } from "../messenger/serviceAssignment";
import {
  type OrderNotice,
  orderNoticeText,
  refundRequestText,
} from "./orderNoticeText";

export interface NoticeDeps {
  db: Db;
  /** null where no engine runs (the admin CLI): nobody is told then. */
  im: Pick<ImEngine, "send"> | null;
  logger: Pick<FastifyBaseLogger, "warn" | "error">;
}

/**
 * The language the user reads notifications in: their newest push subscription's (the tab's
 * interface locale when they subscribed), else the default.
 */
export async function readerLocale(db: Db, userId: number): Promise<Locale> {
  const [row] = await db
    .select({ locale: pushSubscriptions.locale })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt))
    .limit(1);
  const locale = row?.locale;
  return locale === "cn" || locale === "tw" || locale === "en"
    ? locale
    : DEFAULT_LOCALE;
}

/** The owner's chat with the temple: their IM id and their assigned staff's, or null (none yet). */
async function chatWithTemple(
  db: Db,
  userId: number,
): Promise<{ staff: string; owner: string } | null> {
  const [staff, [row]] = await Promise.all([
    assignedServiceUid(db, userId).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    }),
    db.select({ imId: users.imId }).from(users).where(eq(users.id, userId)),
  ]);
  return staff === null || row === undefined
    ? null
    : { staff, owner: row.imId };
}

function textPayload(content: string, extra: Record<string, unknown>) {
  return new TextEncoder().encode(
    JSON.stringify({ type: 1, content, ...extra }),
  );
}

/**
 * Sends the owner of `order` the temple's message about `notice`. `key` makes it once-only: the
 * same (order, key) is sent once however often this runs. False when it could not be sent.
 */
export async function tellOwner(
  deps: NoticeDeps,
  order: OrderRow,
  notice: OrderNotice,
  key: string,
): Promise<boolean> {
  const im = deps.im;
  if (im === null) return false;
  try {
    const chat = await chatWithTemple(deps.db, order.userId);
    if (chat === null) {
      deps.logger.warn(
        { masterOrderNo: order.masterOrderNo, notice: notice.kind },
        "no service staff to tell the owner about their order",
      );
      return false;
    }
    const locale = await readerLocale(deps.db, order.userId);
    const content = orderNoticeText(notice, order, locale);
    const result = await im.send({
      fromUid: chat.staff,
      channelId: chat.owner,
      channelType: ChannelType.PERSON,
      payload: textPayload(content, {
        orderUpdate: {
          masterId: order.id,
          masterOrderNo: order.masterOrderNo,
          kind: notice.kind,
        },
      }),
      clientMsgNo: `order-${order.id}-${key}`,
    });
    if (!result.ok)
      deps.logger.warn(
        { masterOrderNo: order.masterOrderNo, reason: result.detail },
        "the order notice was refused",
      );
    return result.ok;
  } catch (error) {
    deps.logger.error(
      { err: error, masterOrderNo: order.masterOrderNo },
      "could not tell the owner about their order",
    );
    return false;
  }
}

/** The owner's refund request, sent from them to their service staff (once per request). */
export async function tellStaffOfRefundRequest(
  deps: NoticeDeps,
  order: OrderRow,
  refund: { id: number; reason: string },
): Promise<boolean> {
  const im = deps.im;
  if (im === null) return false;
  try {
    const chat = await chatWithTemple(deps.db, order.userId);
    if (chat === null) return false;
    const result = await im.send({
      fromUid: chat.owner,
      channelId: chat.staff,
      channelType: ChannelType.PERSON,
      payload: textPayload(refundRequestText(order, refund.reason), {
        refundRequest: {
          masterId: order.id,
          masterOrderNo: order.masterOrderNo,
        },
      }),
      clientMsgNo: `refund-request-${refund.id}`,
    });
    return result.ok;
  } catch (error) {
    deps.logger.error(
      { err: error, masterOrderNo: order.masterOrderNo },
      "could not tell staff about a refund request",
    );
    return false;
  }
}

// The words of the chat messages the temple sends about an order (#22), in the reader's locale:
// planned, completed, refund declined, refund on its way, refunded. Pure: no I/O here.
// NOTE: server-side text outside Lingui, like the push wording (push/pushPayload.ts): the server
// has no Lingui runtime, and these five sentences are all it says in a chat.
import { type Locale, type Localized, pick } from "../../lib/locale";

export type OrderNotice =
  | { kind: "planned"; plannedAt: Date; note: string }
  | { kind: "completed"; photoCount: number; note: string }
  | { kind: "refund_declined"; reason: string }
  | { kind: "refund_approved"; amountFen: number }
  | { kind: "refund_succeeded"; amountFen: number };

export interface NoticeOrder {
  masterOrderNo: string;
  productTitle: Localized;
}

const DATE_LOCALES: Record<Locale, string> = {
  cn: "zh-CN",
  tw: "zh-TW",
  en: "en-GB",
};

/** The planned day in Beijing time, as the reader writes dates. */
export function plannedDay(at: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[locale], {
    timeZone: "Asia/Shanghai",
    year: "numeric",
    month: "long",
    day: "numeric",
    weekday: "short",
  }).format(at);
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

const HEAD: Localized = {
  cn: "【订单进度】",
  tw: "【訂單進度】",
  en: "[Order update] ",
};

const ORDER_NO: Localized<(no: string) => string> = {
  cn: (no) => `订单号：${no}`,
  tw: (no) => `訂單號：${no}`,
  en: (no) => `Order no. ${no}`,
};

function body(notice: OrderNotice, title: string, locale: Locale): string {
  switch (notice.kind) {
    case "planned": {
      const day = plannedDay(notice.plannedAt, locale);
      return pick(
        {
          cn: `您的「${title}」已安排，法事将于 ${day} 举行。`,
          tw: `您的「${title}」已安排，法事將於 ${day} 舉行。`,
          en: `Your “${title}” is scheduled: the ceremony is held on ${day}.`,
        },
        locale,
      );
    }
    case "completed":
      return pick(
        {
          cn: `您的「${title}」已圆满完成，完成照片（${notice.photoCount} 张）可在订单详情中查看。`,
          tw: `您的「${title}」已圓滿完成，完成照片（${notice.photoCount} 張）可在訂單詳情中查看。`,
          en: `Your “${title}” is complete. Its photos (${notice.photoCount}) are on the order page.`,
        },
        locale,
      );
    case "refund_declined":
      return pick(
        {
          cn: `您的「${title}」退款申请未通过，服务将继续进行。原因：${notice.reason}`,
          tw: `您的「${title}」退款申請未通過，服務將繼續進行。原因：${notice.reason}`,
          en: `Your refund request for “${title}” was declined; the service goes on. Reason: ${notice.reason}`,
        },
        locale,
      );
    case "refund_approved":
      return pick(
        {
          cn: `您的「${title}」退款申请已通过，${yuan(notice.amountFen)} 将原路退回。`,
          tw: `您的「${title}」退款申請已通過，${yuan(notice.amountFen)} 將原路退回。`,
          en: `Your refund request for “${title}” was approved: ${yuan(notice.amountFen)} goes back the way you paid.`,
        },
        locale,
      );
    case "refund_succeeded":
      return pick(
        {
          cn: `您的「${title}」已退款 ${yuan(notice.amountFen)}，款项已原路退回。`,
          tw: `您的「${title}」已退款 ${yuan(notice.amountFen)}，款項已原路退回。`,
          en: `${yuan(notice.amountFen)} for “${title}” has been refunded the way you paid.`,
        },
        locale,
      );
  }
}

/** The whole message: head, sentence, the note (if any) and the order number. */
export function orderNoticeText(
  notice: OrderNotice,
  order: NoticeOrder,
  locale: Locale,
): string {
  const title = pick(order.productTitle, locale);
  const note =
    (notice.kind === "planned" || notice.kind === "completed") &&
    notice.note.trim() !== ""
      ? [notice.note.trim()]
      : [];
  return [
    `${pick(HEAD, locale)}${body(notice, title, locale)}`,
    ...note,
    pick(ORDER_NO, locale)(order.masterOrderNo),
  ].join("\n");
}

/** What the owner's staff member reads when a refund is asked for (staff work in Chinese). */
export function refundRequestText(order: NoticeOrder, reason: string): string {
  return [
    "【退款申请】",
    `服务：${order.productTitle.cn}`,
    `订单号：${order.masterOrderNo}`,
    `理由：${reason}`,
  ].join("\n");
}

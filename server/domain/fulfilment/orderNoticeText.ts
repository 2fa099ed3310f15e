// The words of the chat messages the temple sends about an order (#22), in the reader's locale:
// planned, completed, refund declined, refund on its way, refunded. Pure: no I/O here.
// The wording is Lingui's (locales/{locale}/server.po, through server/i18n); the staff's refund
// request stays a Chinese template, as staff work in Chinese.
import { type ServerMessage, translate } from "../../i18n/serverI18n";
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

const HEAD: ServerMessage = /*i18n*/ {
  id: "order.notice.head",
  message: "【订单进度】",
  comment: "Opens every order notice; the sentence follows at once",
};

const ORDER_NO: ServerMessage = /*i18n*/ {
  id: "order.notice.orderNo",
  message: "订单号：{no}",
};

const PLANNED: ServerMessage = /*i18n*/ {
  id: "order.notice.planned",
  message: "您的「{title}」已安排，法事将于 {day} 举行。",
  comment: "{day} is the planned day as the reader writes dates",
};

const COMPLETED: ServerMessage = /*i18n*/ {
  id: "order.notice.completed",
  message:
    "您的「{title}」已圆满完成，完成照片（{photoCount} 张）可在订单详情中查看。",
};

const REFUND_DECLINED: ServerMessage = /*i18n*/ {
  id: "order.notice.refundDeclined",
  message: "您的「{title}」退款申请未通过，服务将继续进行。原因：{reason}",
};

const REFUND_APPROVED: ServerMessage = /*i18n*/ {
  id: "order.notice.refundApproved",
  message: "您的「{title}」退款申请已通过，{amount} 将原路退回。",
  comment: "{amount} reads ¥12.34",
};

const REFUND_SUCCEEDED: ServerMessage = /*i18n*/ {
  id: "order.notice.refundSucceeded",
  message: "您的「{title}」已退款 {amount}，款项已原路退回。",
  comment: "{amount} reads ¥12.34",
};

function body(notice: OrderNotice, title: string, locale: Locale): string {
  switch (notice.kind) {
    case "planned":
      return translate(locale, PLANNED, {
        title,
        day: plannedDay(notice.plannedAt, locale),
      });
    case "completed":
      return translate(locale, COMPLETED, {
        title,
        photoCount: notice.photoCount,
      });
    case "refund_declined":
      return translate(locale, REFUND_DECLINED, {
        title,
        reason: notice.reason,
      });
    case "refund_approved":
      return translate(locale, REFUND_APPROVED, {
        title,
        amount: yuan(notice.amountFen),
      });
    case "refund_succeeded":
      return translate(locale, REFUND_SUCCEEDED, {
        title,
        amount: yuan(notice.amountFen),
      });
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
    `${translate(locale, HEAD)}${body(notice, title, locale)}`,
    ...note,
    translate(locale, ORDER_NO, { no: order.masterOrderNo }),
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

// Markup of the development WeChat Pay cashier (/dev/pay/cashier, and /dev/pay/h5 for H5): the
// order and amount with Approve / Cancel forms, and the result pages. Rendering only: no scripts,
// plain forms.
import { escapeHtml, page } from "../dev/html";

export interface CashierOrder {
  prepayId: string;
  outTradeNo: string;
  masterOrderNo: string | null;
  title: string;
  totalFen: number;
  state: string;
  tradeType: string;
}

const CSS = "../dev.css";

export function yuan(fen: number): string {
  return `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, "0")}`;
}

/** `back` is the Native/JSAPI `return` path, or H5's `redirect_url`, carried through the forms. */
export function cashierPage(
  order: CashierOrder,
  back: { return: string } | { redirect_url?: string },
): string {
  const hidden = Object.entries({ prepay_id: order.prepayId, ...back })
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`,
    )
    .join("");
  const payable = order.state === "NOTPAY";
  const h5 = order.tradeType === "MWEB";
  return page({
    title: `WeChat Pay ${h5 ? "H5 " : ""}cashier · Fuyuan dev`,
    css: CSS,
    body: `<h1>WeChat Pay${h5 ? " H5" : ""} (emulator)</h1>
<p class="lead">${
      h5
        ? "A phone browser outside WeChat pays here (h5_url). Approving sends WeChat Pay's signed, encrypted notification to the server's notify endpoint, then returns to redirect_url, as the real service would."
        : "Approving sends WeChat Pay's signed, encrypted notification to the server's notify endpoint, as the real service would."
    }</p>
<div class="entry">
<header><span class="tag">${escapeHtml(order.tradeType)}</span><span class="to">${escapeHtml(order.title)}</span><span>${escapeHtml(order.state)}</span></header>
<p class="code">${yuan(order.totalFen)}</p>
<dl><dt>Order</dt><dd>${escapeHtml(order.masterOrderNo ?? "?")}</dd><dt>out_trade_no</dt><dd>${escapeHtml(order.outTradeNo)}</dd><dt>prepay_id</dt><dd>${escapeHtml(order.prepayId)}</dd></dl>
</div>
${
  payable
    ? `<div class="card"><form method="post" action="approve">${hidden}<span class="who">Pay ${yuan(order.totalFen)}</span><button type="submit">Approve</button></form></div>
<div class="card"><form method="post" action="cancel">${hidden}<span class="who">Leave without paying</span><button type="submit">Cancel</button></form></div>`
    : `<p class="empty">This payment is ${escapeHtml(order.state)}: nothing to approve.</p>`
}`,
  });
}

export function resultPage(
  heading: string,
  message: string,
  returnTo: string,
  ok: boolean,
): string {
  return page({
    title: `${heading} · Fuyuan dev`,
    css: CSS,
    body: `<h1>${escapeHtml(heading)}</h1>
<div class="entry${ok ? "" : " error"}"><p>${escapeHtml(message)}</p></div>
<p><a href="${escapeHtml(returnTo)}">Back to the app</a></p>`,
  });
}

// Markup of the development WeChat Pay cashier (/dev/pay/cashier): the order and amount with
// Approve / Cancel forms, and the result pages. Rendering only: no scripts, plain forms.
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

export function cashierPage(order: CashierOrder, returnTo: string): string {
  const hidden = `<input type="hidden" name="prepay_id" value="${escapeHtml(order.prepayId)}"><input type="hidden" name="return" value="${escapeHtml(returnTo)}">`;
  const payable = order.state === "NOTPAY";
  return page({
    title: "WeChat Pay cashier · Fuyuan dev",
    css: CSS,
    body: `<h1>WeChat Pay (emulator)</h1>
<p class="lead">Approving sends WeChat Pay's signed, encrypted notification to the server's notify endpoint, as the real service would.</p>
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

// The desk's layout facts its parts share: where two panes begin (staff.css says the same) and the
// detail pane's heading, where focus goes when an order opens on a phone or a move is made.
// eslint-disable-next-line lingui/no-unlocalized-strings -- a media query
export const TWO_PANES = "(min-width: 960px)";
export const ORDER_HEADING_ID = "staff-order-title";

/** Whether the desk shows two panes now (false where the browser cannot say, as in tests). */
export function showsTwoPanes(): boolean {
  return typeof matchMedia === "function" && matchMedia(TWO_PANES).matches;
}

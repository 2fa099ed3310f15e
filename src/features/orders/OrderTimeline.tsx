// The status history of an order, oldest first, with who made each change.
import { Trans, useLingui } from "@lingui/react/macro";
import type { TimelineEntry } from "../../api/commerce";
import type { Locale } from "../../api/types";
import { formatDateTime } from "../../lib/format";
import { ACTOR_LABELS, ORDER_STATUS_LABELS } from "./orderLabels";

export function OrderTimeline({
  timeline,
  locale,
}: {
  timeline: readonly TimelineEntry[];
  locale: Locale;
}) {
  const { i18n } = useLingui();
  return (
    <section className="card order-timeline" aria-labelledby="order-timeline">
      <h2 id="order-timeline">
        <Trans>订单进度</Trans>
      </h2>
      <ol className="timeline">
        {timeline.map((entry, index) => (
          <li key={`${entry.at}-${String(index)}`} className="timeline-item">
            <span className="timeline-status">
              {i18n._(ORDER_STATUS_LABELS[entry.status])}
            </span>
            <span className="muted timeline-meta">
              <time dateTime={entry.at}>
                {formatDateTime(entry.at, locale)}
              </time>
              {" · "}
              {i18n._(ACTOR_LABELS[entry.actor])}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

// The order's moves, oldest first: the status, when and by whom, the planned day and the note of a
// move (people's notes only), and its proof photos (our server's only) as thumbnails that open the
// order page's full-screen viewer.
import { Trans, useLingui } from "@lingui/react/macro";
import type { StaffTimelineEntry } from "../../api/staff";
import type { Locale } from "../../api/types";
import { formatDate, formatDateTime } from "../../lib/format";
import { ourMediaUrl } from "../../api/mediaOrigins";
import { ORDER_STATUS_LABELS } from "../../i18n/orderLabels";
import { PhotoViewer } from "../../features/orders/PhotoViewer";
import { usePhotoViewer } from "../../features/orders/usePhotoViewer";
import "../../features/orders/orders.css";
import { actorLabel } from "./staffLabels";

/**
 * Notes written by people (staff, monks, admins); the system's and WeChat Pay's notes are for
 * developers (e.g. "notification; transaction …") and stay out of the desk.
 */
function hasPeopleNote(actor: string): boolean {
  return actor === "staff" || actor === "monk" || actor === "admin";
}

/**
 * Each move with the photos shown (our server's files only) and where they start in the one
 * viewer over every photo of the order, in timeline order.
 */
function shownEntries(timeline: readonly StaffTimelineEntry[]) {
  let next = 0;
  return timeline.map((entry) => {
    const own = entry.photos.flatMap((url) => ourMediaUrl(url) ?? []);
    const shown = { entry, own, firstPhoto: next };
    next += own.length;
    return shown;
  });
}

export function StaffTimeline({
  timeline,
  locale,
  headingId,
}: {
  timeline: readonly StaffTimelineEntry[];
  locale: Locale;
  headingId: string;
}) {
  const { t, i18n } = useLingui();
  const entries = shownEntries(timeline);
  const photos = entries.flatMap((shown) => shown.own);
  const total = photos.length;
  const viewer = usePhotoViewer(total);
  return (
    <section className="card staff-card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Trans>订单进度</Trans>
      </h3>
      <ol className="staff-timeline">
        {entries.map(({ entry, own, firstPhoto }, index) => {
          const planned =
            entry.plannedAt === null
              ? null
              : formatDate(entry.plannedAt, locale);
          return (
            <li key={`${entry.at}-${String(index)}`} className="staff-step">
              <span className="staff-step-status">
                {i18n._(ORDER_STATUS_LABELS[entry.status])}
              </span>
              <span className="muted staff-step-meta">
                <time dateTime={entry.at}>
                  {formatDateTime(entry.at, locale)}
                </time>
                {" · "}
                {i18n._(actorLabel(entry.actor))}
              </span>
              {planned === null ? null : (
                <span className="staff-step-planned">
                  <Trans>安排于 {planned}</Trans>
                </span>
              )}
              {entry.note === "" || !hasPeopleNote(entry.actor) ? null : (
                <span className="staff-step-note">{entry.note}</span>
              )}
              {own.length === 0 ? null : (
                <ul className="staff-step-photos" aria-label={t`法事照片`}>
                  {own.map((url, offset) => {
                    const number = firstPhoto + offset + 1;
                    return (
                      <li key={`${String(offset)}-${url}`}>
                        <button
                          type="button"
                          className="proof-thumb"
                          aria-label={t`查看第 ${number} 张照片（共 ${total} 张）`}
                          onClick={() => {
                            viewer.open(number - 1);
                          }}
                        >
                          <img
                            src={url}
                            alt=""
                            width={72}
                            height={72}
                            loading="lazy"
                            decoding="async"
                          />
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      {viewer.index === null ? null : (
        <PhotoViewer
          photos={photos}
          index={viewer.index}
          onShow={viewer.show}
          onClose={viewer.close}
        />
      )}
    </section>
  );
}

// The status history of an order, oldest first, with who made each change; the blessing as it
// happens: the planned date of the service, and the monk's or staff's note and proof photos once it
// is completed (thumbnails opening the full-screen viewer). Only photos our server stores are shown.
import { Trans, useLingui } from "@lingui/react/macro";
import { ourMediaUrl } from "../../api/mediaOrigins";
import type { TimelineEntry } from "../../api/commerce";
import type { Locale } from "../../api/types";
import { formatDate, formatDateTime } from "../../lib/format";
import { ACTOR_LABELS, ORDER_STATUS_LABELS } from "../../i18n/orderLabels";
import { PhotoViewer } from "./PhotoViewer";
import { usePhotoViewer } from "./usePhotoViewer";

/** Actors whose note is written to the owner (other notes are the system's own records). */
const NOTE_WRITERS: ReadonlySet<TimelineEntry["actor"]> = new Set([
  "staff",
  "monk",
]);

interface ShownEntry {
  readonly entry: TimelineEntry;
  /** The entry's photos that we show, and where they start in the viewer's list. */
  readonly photos: readonly string[];
  readonly firstPhoto: number;
}

function shownEntries(timeline: readonly TimelineEntry[]): ShownEntry[] {
  let next = 0;
  return timeline.map((entry) => {
    const photos = entry.photos.flatMap((url) => ourMediaUrl(url) ?? []);
    const shown = { entry, photos, firstPhoto: next };
    next += photos.length;
    return shown;
  });
}

export function OrderTimeline({
  timeline,
  locale,
}: {
  timeline: readonly TimelineEntry[];
  locale: Locale;
}) {
  const { t, i18n } = useLingui();
  const entries = shownEntries(timeline);
  const photos = entries.flatMap((shown) => shown.photos);
  const viewer = usePhotoViewer(photos.length);
  return (
    <section className="card order-timeline" aria-labelledby="order-timeline">
      <h2 id="order-timeline">
        <Trans>订单进度</Trans>
      </h2>
      <ol className="timeline">
        {entries.map(({ entry, photos: own, firstPhoto }, index) => (
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
            {entry.status === "in_service" && entry.plannedAt !== null ? (
              <p className="timeline-planned">
                <Trans>
                  法事安排于{" "}
                  <time dateTime={entry.plannedAt}>
                    {formatDate(entry.plannedAt, locale)}
                  </time>
                </Trans>
              </p>
            ) : null}
            {NOTE_WRITERS.has(entry.actor) && entry.note.trim() !== "" ? (
              <p className="timeline-note">{entry.note}</p>
            ) : null}
            {own.length === 0 ? null : (
              <ul className="proof-thumbs" aria-label={t`法事照片`}>
                {own.map((src, offset) => {
                  const number = firstPhoto + offset + 1;
                  const total = photos.length;
                  return (
                    <li key={`${String(offset)}-${src}`}>
                      <button
                        type="button"
                        className="proof-thumb"
                        aria-label={t`查看第 ${number} 张照片（共 ${total} 张）`}
                        onClick={() => {
                          viewer.open(number - 1);
                        }}
                      >
                        <img
                          src={src}
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
        ))}
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

// The moves of an order, oldest first, for its owner (/order) or the temple's staff (the desk's
// order pane): the status, when and by whom, the planned day, the note people wrote and the proof
// photos (our server's only) as thumbnails opening the full-screen viewer. What differs by reader
// is named in READERS; the staff's names for who moved come from the desk (its own catalog part).
import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { ourMediaUrl } from "../../api/mediaOrigins";
import type { TimelineEntry } from "../../api/commerce";
import type { Locale } from "../../api/types";
import { formatDate, formatDateTime } from "../../lib/format";
import { ACTOR_LABELS, ORDER_STATUS_LABELS } from "../../i18n/orderLabels";
import { PhotoViewer } from "./PhotoViewer";
import { usePhotoViewer } from "./usePhotoViewer";
import "./orders.css";

/** A move as both readers get it; the desk's `actor` is the server's plain string. */
export type TimelineMove = Omit<TimelineEntry, "actor"> & { actor: string };

/** How the desk reads the timeline (without it, the order's owner reads it). */
export interface StaffReading {
  /** The desk's name for who moved ("用户", "管理员" where the owner reads "本人", "客服"). */
  readonly actorLabel: (actor: string) => MessageDescriptor;
  /** The card's heading, an h3 under the order's heading in the desk's pane. */
  readonly headingId: string;
}

const READERS = {
  /** Staff's and monks' notes are written to the owner; the rest are the system's own records. */
  owner: { noteWriters: new Set(["staff", "monk"]) },
  /** People's notes (an admin's too); the system's and WeChat Pay's are for developers. */
  staff: { noteWriters: new Set(["staff", "monk", "admin"]) },
} as const;

/** An actor this client does not know yet reads as the system. */
function ownerActorLabel(actor: string): MessageDescriptor {
  const labels: Readonly<Record<string, MessageDescriptor>> = ACTOR_LABELS;
  return (
    (Object.hasOwn(labels, actor) ? labels[actor] : undefined) ??
    ACTOR_LABELS.system
  );
}

/**
 * Each move with the photos shown (our server's files only) and where they start in the one
 * viewer over every photo of the order, in timeline order.
 */
function shownEntries(timeline: readonly TimelineMove[]) {
  let next = 0;
  return timeline.map((entry) => {
    const own = entry.photos.flatMap((url) => ourMediaUrl(url) ?? []);
    const shown = { entry, own, firstPhoto: next };
    next += own.length;
    return shown;
  });
}

export function OrderTimeline({
  timeline,
  locale,
  staff,
}: {
  timeline: readonly TimelineMove[];
  locale: Locale;
  staff?: StaffReading;
}) {
  const { t, i18n } = useLingui();
  const reader = READERS[staff === undefined ? "owner" : "staff"];
  const actorLabel = staff?.actorLabel ?? ownerActorLabel;
  const entries = shownEntries(timeline);
  const photos = entries.flatMap((shown) => shown.own);
  const total = photos.length;
  const viewer = usePhotoViewer(total);
  const heading = <Trans>订单进度</Trans>;
  return (
    <section
      className={
        staff === undefined ? "card order-timeline" : "card staff-card"
      }
      aria-labelledby={staff?.headingId ?? "order-timeline"}
    >
      {staff === undefined ? (
        <h2 id="order-timeline">{heading}</h2>
      ) : (
        <h3 id={staff.headingId}>{heading}</h3>
      )}
      <ol
        className={staff === undefined ? "timeline" : "timeline timeline-rail"}
      >
        {entries.map(({ entry, own, firstPhoto }, index) => {
          const planned =
            entry.plannedAt === null
              ? null
              : formatDate(entry.plannedAt, locale);
          return (
            <li key={`${entry.at}-${String(index)}`} className="timeline-item">
              <span className="timeline-status">
                {i18n._(ORDER_STATUS_LABELS[entry.status])}
              </span>
              <span className="muted timeline-meta">
                <time dateTime={entry.at}>
                  {formatDateTime(entry.at, locale)}
                </time>
                {" · "}
                {i18n._(actorLabel(entry.actor))}
              </span>
              {entry.plannedAt === null ? null : staff === undefined ? (
                // NOTE: the owner reads the day of the blessing on the move that planned it.
                entry.status === "in_service" ? (
                  <p className="timeline-planned">
                    <Trans>
                      法事安排于{" "}
                      <time dateTime={entry.plannedAt}>
                        {formatDate(entry.plannedAt, locale)}
                      </time>
                    </Trans>
                  </p>
                ) : null
              ) : (
                <p className="timeline-planned">
                  <Trans>安排于 {planned}</Trans>
                </p>
              )}
              {reader.noteWriters.has(entry.actor) &&
              entry.note.trim() !== "" ? (
                <p className="timeline-note">{entry.note}</p>
              ) : null}
              {own.length === 0 ? null : (
                <ul className="proof-thumbs" aria-label={t`法事照片`}>
                  {own.map((src, offset) => {
                    const number = firstPhoto + offset + 1;
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

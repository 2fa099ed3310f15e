// The full-screen viewer of an order's proof photos: one photo fitted to the screen with "n / N",
// the previous and next buttons, the arrow keys and a horizontal swipe between photos; closed by
// its button, Escape, a tap outside or back (usePhotoViewer). Focus returns to the thumbnail.
import { useEffect, useRef, type PointerEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { BackIcon, ChevronRightIcon, CloseIcon } from "../../ui/icons";
import { ModalDialog } from "../../ui/ModalDialog";

/** How far a finger must travel sideways (CSS px) for a swipe to change the photo. */
const SWIPE_MIN_PX = 48;

interface PhotoViewerProps {
  readonly photos: readonly string[];
  readonly index: number;
  readonly onShow: (index: number) => void;
  readonly onClose: () => void;
}

export function PhotoViewer({
  photos,
  index,
  onShow,
  onClose,
}: PhotoViewerProps) {
  const { t } = useLingui();
  const close = useRef<HTMLButtonElement>(null);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const total = photos.length;
  // NOTE: the ends are aria-disabled, not disabled: a disabled button drops the focus out of the
  // dialog (and Escape with it) when it is the one pressed.
  const number = index + 1;
  const previous = index > 0 ? index - 1 : null;
  const next = index < total - 1 ? index + 1 : null;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const to =
        event.key === "ArrowLeft"
          ? previous
          : event.key === "ArrowRight"
            ? next
            : null;
      if (to === null) return;
      event.preventDefault();
      onShow(to);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
    };
  }, [previous, next, onShow]);

  const onPointerDown = (event: PointerEvent) => {
    swipe.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (start === null) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy)) return;
    const to = dx < 0 ? next : previous;
    if (to !== null) onShow(to);
  };

  return (
    <ModalDialog
      labelledBy="photo-viewer-title"
      onClose={onClose}
      initialFocus={close}
      className="image-viewer photo-viewer"
    >
      <h2 id="photo-viewer-title" className="visually-hidden">
        <Trans>法事照片</Trans>
      </h2>
      <button
        ref={close}
        type="button"
        className="icon-btn image-viewer-close"
        aria-label={t`关闭`}
        onClick={onClose}
      >
        <CloseIcon />
      </button>
      <div
        className="photo-viewer-stage"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipe.current = null;
        }}
      >
        <img
          key={photos[index]}
          className="image-viewer-img"
          src={photos[index]}
          alt={t`法事照片，第 ${number} 张，共 ${total} 张`}
          draggable={false}
        />
      </div>
      {total > 1 ? (
        <>
          <button
            type="button"
            className="icon-btn photo-viewer-nav photo-viewer-prev"
            aria-label={t`上一张`}
            aria-disabled={previous === null}
            onClick={() => {
              if (previous !== null) onShow(previous);
            }}
          >
            <BackIcon />
          </button>
          <button
            type="button"
            className="icon-btn photo-viewer-nav photo-viewer-next"
            aria-label={t`下一张`}
            aria-disabled={next === null}
            onClick={() => {
              if (next !== null) onShow(next);
            }}
          >
            <ChevronRightIcon />
          </button>
          <p className="photo-viewer-count" aria-live="polite">
            {number} / {total}
          </p>
        </>
      ) : null}
    </ModalDialog>
  );
}

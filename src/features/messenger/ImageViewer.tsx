// The full-screen image viewer: the picture fitted to the screen, closed by its button, Escape or a
// tap outside; focus returns to the bubble that opened it.
import { useRef } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { CloseIcon } from "../../ui/icons";
import { ModalDialog } from "../../ui/ModalDialog";

interface ImageViewerProps {
  readonly src: string;
  readonly onClose: () => void;
}

export function ImageViewer({ src, onClose }: ImageViewerProps) {
  const { t } = useLingui();
  const close = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      labelledBy="image-viewer-title"
      onClose={onClose}
      initialFocus={close}
      className="image-viewer"
    >
      <h2 id="image-viewer-title" className="visually-hidden">
        <Trans>图片</Trans>
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
      <img className="image-viewer-img" src={src} alt={t`聊天图片`} />
    </ModalDialog>
  );
}

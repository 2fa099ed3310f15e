// An image message: the uploaded picture, or (while uploading) the local file from the outbox with
// the upload's progress and a cancel button. Tapping it opens the full-screen viewer.
import { useEffect, useMemo } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLiveQuery } from "dexie-react-hooks";
import { useSnapshot } from "valtio";
import type { AppDb } from "../../db/AppDb";
import { UploadState } from "../../db/entities/UploadRecord";
import { im } from "../../state/im";
import { CloseIcon } from "../../ui/icons";
import { fitImage } from "./imageFile";
import { messenger, toastMessengerError } from "./messengerActions";

interface ImageBubbleProps {
  readonly db: AppDb;
  readonly clientMsgNo: string;
  readonly url: string | null;
  readonly width: number;
  readonly height: number;
  readonly pending: boolean;
  readonly onOpen: (src: string) => void;
}

/** An object URL for the outbox's copy of a pending image (revoked when no longer shown). */
function useLocalPreview(
  db: AppDb,
  clientMsgNo: string,
  wanted: boolean,
): string | null {
  const blob = useLiveQuery(
    async () =>
      wanted
        ? ((await db.outbox.where("clientMsgNo").equals(clientMsgNo).first())
            ?.media?.blob ?? null)
        : null,
    [db, clientMsgNo, wanted],
  );
  const url = useMemo(
    () =>
      blob === undefined || blob === null ? null : URL.createObjectURL(blob),
    [blob],
  );
  useEffect(
    () => () => {
      if (url !== null) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

export function ImageBubble({
  db,
  clientMsgNo,
  url,
  width,
  height,
  pending,
  onOpen,
}: ImageBubbleProps) {
  const { t, i18n } = useLingui();
  const preview = useLocalPreview(db, clientMsgNo, pending);
  const upload = useSnapshot(im).uploads[clientMsgNo];
  const src = preview ?? url;
  const box = fitImage(width, height);
  const uploading =
    pending &&
    upload !== undefined &&
    (upload.state === UploadState.PROCESSING ||
      upload.state === UploadState.WAIT);
  const percent =
    upload !== undefined && upload.total > 0
      ? Math.min(100, Math.round((upload.loaded / upload.total) * 100))
      : 0;

  return (
    <div className="msg-image" style={{ width: box.width, height: box.height }}>
      {src === null ? (
        <span className="msg-image-placeholder skeleton" />
      ) : (
        <button
          type="button"
          className="msg-image-open"
          aria-label={t`查看大图`}
          onClick={() => {
            onOpen(src);
          }}
        >
          <img
            src={src}
            alt=""
            width={box.width}
            height={box.height}
            decoding="async"
          />
        </button>
      )}
      {uploading ? (
        <div className="msg-upload">
          <div
            className="msg-upload-bar"
            role="progressbar"
            aria-label={t`图片上传进度`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span style={{ width: `${String(percent)}%` }} />
          </div>
          <span className="msg-upload-text">
            <Trans>上传中 {percent}%</Trans>
          </span>
          <button
            type="button"
            className="icon-btn msg-upload-cancel"
            aria-label={t`取消上传`}
            onClick={() => {
              void messenger.cancelUpload({ clientMsgNo }).then((result) => {
                if (!result.ok) toastMessengerError(result.error, i18n);
              });
            }}
          >
            <CloseIcon size={16} />
          </button>
        </div>
      ) : null}
    </div>
  );
}

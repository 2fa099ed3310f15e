// The cover picture the product editor uploads (#22): the picked picture shows at once (a local
// preview), is readied like a chat photo (shrunk, orientation applied, metadata dropped) and
// uploaded; a new pick replaces it. An upload the product was not saved with is deleted again
// when it is replaced or the editor closes (the uploader's quota).
import { useCallback, useEffect, useRef, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { refusalTextOf } from "../../api/ApiError";
// NOTE: the desk's proof-photo upload is the app's one call of file/v1/upload and its delete.
import { deleteUpload, uploadProofPhoto } from "../../api/staff";
import { ImageRefused, prepareImage } from "../../features/messenger/imageFile";
import { messengerErrorMessage } from "../../i18n/errorMessages";

export type CoverUploadState = "idle" | "uploading" | "stored" | "failed";

export interface CoverUpload {
  /** An object URL of the picked picture; undefined before one is picked. */
  preview: string | undefined;
  state: CoverUploadState;
  /** The stored name, once uploaded: the save body's coverFileId. */
  fileId: string | undefined;
  /** Why the upload failed, in the active locale. */
  error: string | undefined;
  pick: (file: File) => void;
  /** The product was saved with this picture: it stays. */
  keep: () => void;
}

interface Entry {
  readonly file: File;
  readonly preview: string;
  readonly controller: AbortController;
  readonly state: Exclude<CoverUploadState, "idle">;
  readonly name?: string;
  readonly error?: string;
}

/** Stops the upload, frees the preview and deletes what was stored. */
function discard(entry: Entry): void {
  entry.controller.abort();
  URL.revokeObjectURL(entry.preview);
  if (entry.name !== undefined) deleteUpload(entry.name).catch(() => undefined);
}

export function useCoverUpload(): CoverUpload {
  const { t, i18n } = useLingui();
  const [entry, setEntry] = useState<Entry | null>(null);
  const live = useRef<Entry | null>(null);
  const kept = useRef(false);
  useEffect(() => {
    live.current = entry;
  }, [entry]);
  useEffect(
    () => () => {
      const last = live.current;
      if (last === null) return;
      if (kept.current) URL.revokeObjectURL(last.preview);
      else discard(last);
    },
    [],
  );

  const upload = useCallback(
    async (picked: Entry) => {
      const { signal } = picked.controller;
      const settle = (change: Partial<Entry>) => {
        setEntry((current) =>
          current?.controller === picked.controller
            ? { ...current, ...change }
            : current,
        );
      };
      try {
        const ready = await prepareImage(picked.file);
        const stored = await uploadProofPhoto(ready.file, picked.file.name, {
          signal,
        });
        if (signal.aborted) {
          deleteUpload(stored.name).catch(() => undefined);
          return;
        }
        settle({ state: "stored", name: stored.name });
      } catch (failure) {
        if (signal.aborted) return;
        const error =
          failure instanceof ImageRefused
            ? i18n._(messengerErrorMessage(failure.code))
            : (refusalTextOf(failure) ?? t`上传失败，请重试`);
        settle({ state: "failed", error });
      }
    },
    [i18n, t],
  );

  const pick = useCallback(
    (file: File) => {
      if (live.current !== null) discard(live.current);
      const picked: Entry = {
        file,
        preview: URL.createObjectURL(file),
        controller: new AbortController(),
        state: "uploading",
      };
      live.current = picked;
      setEntry(picked);
      void upload(picked);
    },
    [upload],
  );

  return {
    preview: entry?.preview,
    state: entry?.state ?? "idle",
    fileId: entry?.name,
    error: entry?.error,
    pick,
    keep: () => {
      kept.current = true;
    },
  };
}

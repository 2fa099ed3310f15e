// The proof photos of a completed order while the form is open: each picked photo shows at once
// (a local preview), is readied like a chat photo (shrunk, orientation applied, metadata dropped)
// and uploaded; a failed one can be retried or removed. Removing an uploaded photo, or leaving
// the form without completing the order, deletes the upload again (the uploader's quota).
import { useCallback, useEffect, useRef, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { FULFILMENT_LIMITS } from "#contract";
import { refusalTextOf } from "../../api/ApiError";
import { deleteUpload, uploadProofPhoto } from "../../api/staff";
import { messengerErrorMessage } from "../../i18n/errorMessages";
import { ImageRefused, prepareImage } from "../../features/messenger/imageFile";
import type { PhotoState } from "./staffForms";

export interface ProofPhoto {
  readonly key: string;
  /** An object URL of the picked file. */
  readonly preview: string;
  readonly state: PhotoState;
  /** The stored name, once uploaded. */
  readonly name?: string;
  /** Why it failed, in the active locale. */
  readonly error?: string;
}

interface Entry extends ProofPhoto {
  readonly file: File;
  readonly controller: AbortController;
}

export interface ProofPhotos {
  photos: readonly ProofPhoto[];
  /** How many more photos may be added. */
  room: number;
  /** Adds picked files, as many as there is room for; returns how many were left out. */
  add: (files: readonly File[]) => number;
  remove: (key: string) => void;
  retry: (key: string) => void;
  /** The stored names, in the order they were picked. */
  names: () => string[];
  /** The order was completed with these photos: they stay. */
  keep: () => void;
}

/** Stops the photo's upload, frees its preview and deletes what was stored. */
function discard(entry: Entry): void {
  entry.controller.abort();
  URL.revokeObjectURL(entry.preview);
  if (entry.name !== undefined) deleteUpload(entry.name).catch(() => undefined);
}

export function useProofPhotos(): ProofPhotos {
  const { t, i18n } = useLingui();
  const [entries, setEntries] = useState<readonly Entry[]>([]);
  const live = useRef<readonly Entry[]>([]);
  const kept = useRef(false);
  const serial = useRef(0);
  useEffect(() => {
    live.current = entries;
  }, [entries]);

  const update = useCallback((key: string, change: Partial<Entry>) => {
    setEntries((current) =>
      current.map((entry) =>
        entry.key === key ? { ...entry, ...change } : entry,
      ),
    );
  }, []);

  const upload = useCallback(
    async (entry: Entry) => {
      try {
        const ready = await prepareImage(entry.file);
        const stored = await uploadProofPhoto(ready.file, entry.file.name, {
          signal: entry.controller.signal,
        });
        if (entry.controller.signal.aborted) return;
        update(entry.key, { state: "stored", name: stored.name });
      } catch (failure) {
        if (entry.controller.signal.aborted) return;
        const error =
          failure instanceof ImageRefused
            ? i18n._(messengerErrorMessage(failure.code))
            : (refusalTextOf(failure) ?? t`上传失败，请重试`);
        update(entry.key, { state: "failed", error });
      }
    },
    [i18n, t, update],
  );

  const start = useCallback(
    (file: File): Entry => {
      serial.current += 1;
      const entry: Entry = {
        key: `proof-${String(serial.current)}`,
        preview: URL.createObjectURL(file),
        state: "uploading",
        file,
        controller: new AbortController(),
      };
      void upload(entry);
      return entry;
    },
    [upload],
  );

  useEffect(
    () => () => {
      for (const entry of live.current) {
        if (kept.current) URL.revokeObjectURL(entry.preview);
        else discard(entry);
      }
    },
    [],
  );

  const room = FULFILMENT_LIMITS.maxPhotos - entries.length;
  return {
    photos: entries,
    room,
    add: (files) => {
      const taken = files.slice(0, Math.max(0, room)).map(start);
      if (taken.length > 0) setEntries((current) => [...current, ...taken]);
      return files.length - taken.length;
    },
    remove: (key) => {
      const entry = entries.find((candidate) => candidate.key === key);
      if (entry === undefined) return;
      discard(entry);
      setEntries((current) => current.filter((other) => other.key !== key));
    },
    retry: (key) => {
      const entry = entries.find((candidate) => candidate.key === key);
      if (entry?.state !== "failed") return;
      const { error: _error, ...rest } = entry;
      const again: Entry = {
        ...rest,
        state: "uploading",
        controller: new AbortController(),
      };
      setEntries((current) =>
        current.map((other) => (other.key === key ? again : other)),
      );
      void upload(again);
    },
    names: () =>
      entries.flatMap((entry) =>
        entry.name === undefined ? [] : [entry.name],
      ),
    keep: () => {
      kept.current = true;
    },
  };
}

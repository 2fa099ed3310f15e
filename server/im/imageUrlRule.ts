// Image messages carry only links to files this server stores (#19): `<public URL>/media/<stored
// name>` of a file in uploaded_files. Anything else (`javascript:`, `data:text/html`, another host,
// a made-up name) is refused before it is stored, so it reaches no one's <img>; the client checks
// the same form again for what arrives straight through WuKongIM.
import { storedMediaName } from "#contract";
import { ContentType, ReasonCode } from "#protocol";
import type { Db } from "../db/createDb";
import { findUpload } from "../domain/files/uploads";
import type { SendRefusal } from "./sendRules";

/** Where our stored files are and whether one exists. */
export interface MediaStore {
  /** The origins our `/media` links are made with (PUBLIC_URL, or the bound address). */
  origins(): readonly string[];
  exists(name: string): Promise<boolean>;
}

export function mediaStoreOf(
  db: Db,
  origins: () => readonly string[],
): MediaStore {
  return {
    origins,
    exists: async (name) => (await findUpload(db, name)) !== undefined,
  };
}

/** Null when the (already checked) payload is not an image or links to a stored file of ours. */
export async function checkImageUrl(
  contentType: number,
  payloadText: string,
  media: MediaStore,
): Promise<SendRefusal | null> {
  if (contentType !== ContentType.IMAGE) return null;
  const { url } = JSON.parse(payloadText) as { url?: unknown };
  const name =
    typeof url === "string" ? storedMediaName(url, media.origins()) : null;
  if (name !== null && (await media.exists(name))) return null;
  return {
    ok: false,
    reason: ReasonCode.NOT_ALLOW_SEND,
    detail:
      "an image message links only to a file uploaded here (file/v1/upload)",
    refusal: "image_url",
  };
}

/**
 * {@link checkImageUrl} in send order per sender and chat: an image's lookup takes I/O, and a text
 * sent right after it must not reach the group commit (and get its seq) first (issue #9's rule).
 * Sends with no image pending ahead of them take no extra turn.
 */
export class OrderedImageChecks {
  readonly #media: MediaStore;
  readonly #pending = new Map<string, Promise<unknown>>();

  constructor(media: MediaStore) {
    this.#media = media;
  }

  check(
    key: string,
    contentType: number,
    payloadText: string,
  ): Promise<SendRefusal | null> | null {
    const prior = this.#pending.get(key);
    if (contentType !== ContentType.IMAGE && prior === undefined) return null;
    const run = (prior ?? Promise.resolve()).then(() =>
      checkImageUrl(contentType, payloadText, this.#media),
    );
    const settled = run.catch(() => undefined);
    this.#pending.set(key, settled);
    void settled.then(() => {
      if (this.#pending.get(key) === settled) this.#pending.delete(key);
    });
    return run;
  }
}

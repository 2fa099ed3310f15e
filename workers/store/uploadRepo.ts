// Writes of the upload path: progress and state of an image's upload task, and the uploaded URL
// written into the pending message's payload (outbox and message rows together).
import type { AppDb } from "../../src/db/AppDb";
import {
  UploadState,
  type UploadRecord,
} from "../../src/db/entities/UploadRecord";
import { MessengerFailure } from "../messenger/errors";

/** Records an upload's state and progress. Returns the row, or undefined when the upload is gone. */
export async function setUploadState(
  db: AppDb,
  args: {
    readonly clientMsgNo: string;
    readonly state: UploadState;
    readonly loaded?: number;
    readonly total?: number;
    readonly now: number;
  },
): Promise<UploadRecord | undefined> {
  return db.transaction("rw", db.uploads, async () => {
    const upload = await db.uploads.get(args.clientMsgNo);
    if (upload === undefined) return undefined;
    const next: UploadRecord = {
      ...upload,
      state: args.state,
      loaded: args.loaded ?? upload.loaded,
      total: args.total ?? upload.total,
      updatedAt: args.now,
    };
    await db.uploads.put(next);
    return next;
  });
}

/** The upload succeeded: state success, and `url` goes into the payload of the outbox and message rows. */
export async function completeUpload(
  db: AppDb,
  args: {
    readonly clientMsgNo: string;
    readonly url: string;
    readonly now: number;
  },
): Promise<void> {
  if (args.url === "")
    throw new MessengerFailure(
      "INVALID_ARGUMENT",
      "An uploaded file needs a URL",
    );
  await db.transaction("rw", [db.uploads, db.outbox, db.messages], async () => {
    const upload = await db.uploads.get(args.clientMsgNo);
    const row = await db.outbox
      .where("clientMsgNo")
      .equals(args.clientMsgNo)
      .first();
    const message = await db.messages.get(args.clientMsgNo);
    if (upload === undefined || row === undefined || message === undefined) {
      throw new MessengerFailure(
        "NOT_FOUND",
        `No pending upload ${args.clientMsgNo}`,
      );
    }
    await db.uploads.put({
      ...upload,
      state: UploadState.SUCCESS,
      loaded: upload.total,
      url: args.url,
      updatedAt: args.now,
    });
    await db.outbox.put({ ...row, content: { ...row.content, url: args.url } });
    await db.messages.put({
      ...message,
      content: { ...message.content, url: args.url },
    });
  });
}

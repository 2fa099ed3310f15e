// Uploads of image messages: the picked file (a Blob kept in the outbox) goes to file/v1/upload
// with progress events to every tab; success puts `{url, width, height}` into the payload. Upload
// states: wait → processing → success | fail | suspend (no network or token; resumed) | cancel.
import type { JsonObject } from "../../src/db/entities/JsonValue";
import type { UploadRefusal } from "../../src/db/entities/MessageRecord";
import { UploadState } from "../../src/db/entities/UploadRecord";
import { completeUpload, setUploadState } from "../store/uploadRepo";
import { MessengerFailure } from "../messenger/errors";
import { isObject } from "../rest/wire";
import type { UploadTransport } from "./uploadTransport";
import type { UserContext } from "../messenger/UserContext";

/** The upload endpoint (multipart field `file`). */
export const UPLOAD_PATH = "file/v1/upload";
/** Progress events to the tabs are at most this frequent per upload. */
export const PROGRESS_INTERVAL_MS = 100;

const EXTENSIONS: Readonly<Record<string, string>> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
};

export interface UploadHooks {
  /**
   * The upload state changed (the outbox scheduler holds the message until success); a FAIL the
   * server gave a reason for carries it, so the message can say why.
   */
  stateChanged(
    clientMsgNo: string,
    state: UploadState,
    refusal?: UploadRefusal,
  ): void;
  /** The URL is in the stored payload now. */
  uploaded(clientMsgNo: string, content: JsonObject): void;
}

/** The refusal (`reason`, `params`) of an error envelope, when it has one. */
export function refusalOf(body: unknown): UploadRefusal | undefined {
  if (!isObject(body) || typeof body.reason !== "string") return undefined;
  const params: Record<string, string | number | null> = {};
  if (isObject(body.params))
    for (const [key, value] of Object.entries(body.params))
      if (
        typeof value === "string" ||
        typeof value === "number" ||
        value === null
      )
        params[key] = value;
  return { reason: body.reason, params };
}

interface Task {
  readonly controller: AbortController;
}

/** The uploads of one user's messenger. */
export class UploadRunner {
  readonly #ctx: UserContext;
  readonly #hooks: UploadHooks;
  readonly #transport: UploadTransport;
  readonly #tasks = new Map<string, Task>();
  readonly #suspended = new Set<string>();

  constructor(
    ctx: UserContext,
    transport: UploadTransport,
    hooks: UploadHooks,
  ) {
    this.#ctx = ctx;
    this.#transport = transport;
    this.#hooks = hooks;
  }

  isRunning(clientMsgNo: string): boolean {
    return this.#tasks.has(clientMsgNo);
  }

  isSuspended(clientMsgNo: string): boolean {
    return this.#suspended.has(clientMsgNo);
  }

  /** Starts (or restarts) the upload of a pending image message. */
  start(clientMsgNo: string): void {
    if (this.#tasks.has(clientMsgNo) || this.#ctx.disposed) return;
    this.#suspended.delete(clientMsgNo);
    const task: Task = { controller: new AbortController() };
    this.#tasks.set(clientMsgNo, task);
    void this.#run(clientMsgNo, task).finally(() => {
      if (this.#tasks.get(clientMsgNo) === task)
        this.#tasks.delete(clientMsgNo);
    });
  }

  /** Cancels a running or waiting upload (state cancel). False when there is nothing to cancel. */
  async cancel(clientMsgNo: string): Promise<boolean> {
    const task = this.#tasks.get(clientMsgNo);
    if (task !== undefined) {
      task.controller.abort();
      return true;
    }
    const upload = await this.#ctx.db.uploads.get(clientMsgNo);
    if (
      upload === undefined ||
      (upload.state !== UploadState.WAIT &&
        upload.state !== UploadState.SUSPEND)
    )
      return false;
    this.#suspended.delete(clientMsgNo);
    await this.#setState(clientMsgNo, UploadState.CANCEL);
    return true;
  }

  /** Restarts uploads suspended for want of network or token. */
  resumeSuspended(): void {
    for (const clientMsgNo of [...this.#suspended]) this.start(clientMsgNo);
  }

  dispose(): void {
    for (const task of this.#tasks.values()) task.controller.abort();
    this.#tasks.clear();
  }

  async #setState(
    clientMsgNo: string,
    state: UploadState,
    loaded?: number,
    refusal?: UploadRefusal,
  ): Promise<void> {
    if (this.#ctx.disposed) return;
    const row = await this.#ctx.serial(() =>
      setUploadState(this.#ctx.db, {
        clientMsgNo,
        state,
        ...(loaded === undefined ? {} : { loaded }),
        now: this.#ctx.now(),
      }),
    );
    if (row === undefined) return;
    this.#ctx.emit({
      type: "uploadProgress",
      clientMsgNo,
      state,
      loaded: row.loaded,
      total: row.total,
    });
    this.#hooks.stateChanged(clientMsgNo, state, refusal);
  }

  async #run(clientMsgNo: string, task: Task): Promise<void> {
    const { db } = this.#ctx;
    const row = await db.outbox
      .where("clientMsgNo")
      .equals(clientMsgNo)
      .first();
    const media = row?.media;
    if (row === undefined || media === undefined) return;
    let auth: ReturnType<UserContext["http"]["authorization"]>;
    try {
      auth = this.#ctx.http.authorization();
    } catch {
      this.#suspended.add(clientMsgNo);
      await this.#setState(clientMsgNo, UploadState.SUSPEND, 0);
      return;
    }
    await this.#setState(clientMsgNo, UploadState.PROCESSING, 0);
    let lastProgress = 0;
    try {
      const response = await this.#transport({
        url: auth.url(UPLOAD_PATH),
        authorization: auth.header,
        file: media.blob,
        filename: `image.${EXTENSIONS[media.mime] ?? "bin"}`,
        signal: task.controller.signal,
        onProgress: (loaded, total) => {
          const now = this.#ctx.now();
          if (now - lastProgress < PROGRESS_INTERVAL_MS && loaded < total)
            return;
          lastProgress = now;
          this.#ctx.emit({
            type: "uploadProgress",
            clientMsgNo,
            state: UploadState.PROCESSING,
            loaded,
            total,
          });
        },
      });
      await this.#finish(
        clientMsgNo,
        row.content,
        response,
        auth.token,
        media.blob.size,
      );
    } catch (error) {
      if (task.controller.signal.aborted) {
        await this.#setState(clientMsgNo, UploadState.CANCEL);
        return;
      }
      this.#ctx.reportError(error);
      await this.#setState(clientMsgNo, UploadState.FAIL);
    }
  }

  async #finish(
    clientMsgNo: string,
    content: JsonObject,
    response: { status: number; body: unknown },
    token: string,
    size: number,
  ): Promise<void> {
    const { status, body } = response;
    const code = isObject(body) ? body.code : undefined;
    if (status === 0) {
      // NOTE: offline: resumed when the connection or a tab's online hint comes back.
      this.#suspended.add(clientMsgNo);
      await this.#setState(clientMsgNo, UploadState.SUSPEND, 0);
      return;
    }
    if (status === 401 || code === 401) {
      this.#ctx.http.refused(token);
      this.#suspended.add(clientMsgNo);
      await this.#setState(clientMsgNo, UploadState.SUSPEND, 0);
      return;
    }
    const data =
      isObject(body) && code === 0 && isObject(body.data)
        ? body.data
        : undefined;
    const url = typeof data?.url === "string" ? data.url : "";
    if (status < 200 || status >= 300 || url === "") {
      const msg =
        isObject(body) && typeof body.msg === "string"
          ? body.msg
          : `HTTP ${status}`;
      this.#ctx.reportError(
        new MessengerFailure("SERVER_ERROR", `Upload refused: ${msg}`),
      );
      await this.#setState(
        clientMsgNo,
        UploadState.FAIL,
        undefined,
        refusalOf(body),
      );
      return;
    }
    // NOTE: the payload keeps the width and height the tab measured; the stored rows get the same URL.
    const next: JsonObject = { ...content, url };
    if (this.#ctx.disposed) return;
    await this.#ctx.serial(() =>
      completeUpload(this.#ctx.db, { clientMsgNo, url, now: this.#ctx.now() }),
    );
    this.#hooks.uploaded(clientMsgNo, next);
    this.#hooks.stateChanged(clientMsgNo, UploadState.SUCCESS);
    this.#ctx.emit({
      type: "uploadProgress",
      clientMsgNo,
      state: UploadState.SUCCESS,
      loaded: size,
      total: size,
    });
  }
}

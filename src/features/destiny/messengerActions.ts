// The messenger calls the chat screens make, through the tab's worker client (src/session/imClient):
// each resolves to the worker's Result (a rejected call becomes INTERNAL), and failures can be shown
// as a translated toast. Components use these instead of talking to comlink.
import type { I18n } from "@lingui/core";
import type {
  ChannelRef,
  LoadOlderResult,
  QueuedMessage,
  Result,
  SessionError,
} from "../../../workers/api";
import { imApi } from "../../session/imClient";
import { sessionErrorMessage } from "../../i18n/errorMessages";
import { open as openToast } from "../../state/toast";

type WorkerApi = Awaited<ReturnType<typeof imApi>>;

async function call<T>(
  run: (api: WorkerApi) => Promise<Result<T>>,
): Promise<Result<T>> {
  try {
    return await run(await imApi());
  } catch (error) {
    console.error("Messenger call failed", error);
    return {
      ok: false,
      error: {
        code: "INTERNAL",
        message: error instanceof Error ? error.message : String(error),
        retryable: true,
      },
    };
  }
}

export const messenger = {
  sendText: (
    channel: ChannelRef,
    text: string,
  ): Promise<Result<QueuedMessage>> =>
    call((api) => api.sendText({ channel, text })),
  sendImage: (
    channel: ChannelRef,
    image: { file: Blob; width: number; height: number },
  ): Promise<Result<QueuedMessage>> =>
    call((api) => api.sendImage({ channel, ...image })),
  retry: (clientMsgNo: string): Promise<Result<null>> =>
    call((api) => api.retry({ clientMsgNo })),
  retryUpload: (clientMsgNo: string): Promise<Result<null>> =>
    call((api) => api.retryUpload({ clientMsgNo })),
  cancelUpload: (clientMsgNo: string): Promise<Result<null>> =>
    call((api) => api.cancelUpload({ clientMsgNo })),
  openConversation: (channel: ChannelRef): Promise<Result<null>> =>
    call((api) => api.openConversation({ channel })),
  closeConversation: (channel: ChannelRef): Promise<Result<null>> =>
    call((api) => api.closeConversation({ channel })),
  markRead: (channel: ChannelRef): Promise<Result<null>> =>
    call((api) => api.markRead({ channel })),
  deleteConversation: (channel: ChannelRef): Promise<Result<null>> =>
    call((api) => api.deleteConversation({ channel })),
  refreshChannelInfo: (
    channels: readonly ChannelRef[],
    force: boolean,
  ): Promise<Result<null>> =>
    call((api) => api.refreshChannelInfo({ channels, force })),
  loadOlder: (
    channel: ChannelRef,
    beforeSeq: number,
    limit: number,
  ): Promise<Result<LoadOlderResult>> =>
    call((api) => api.loadOlder({ channel, beforeSeq, limit })),
};

/** Shows a failed call's translated message as an error toast. */
export function toastSessionError(error: SessionError, i18n: I18n): void {
  openToast({
    type: "error",
    message: i18n._(sessionErrorMessage(error.code)),
  });
}

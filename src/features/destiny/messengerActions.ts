// The messenger calls the chat screens make, through the tab's worker client (src/session/imClient):
// each resolves to the worker's Result (a rejected call becomes INTERNAL), and failures can be shown
// as a translated toast. Components use these instead of talking to comlink.
import type { I18n } from "@lingui/core";
import {
  sessionApiOf,
  type Result,
  type SessionApi,
  type SessionError,
  type SessionMethod,
} from "../../../workers/api";
import { imApi } from "../../session/imClient";
import { sessionErrorMessage } from "../../i18n/errorMessages";
import { open as openToast } from "../../state/toast";

async function call(
  method: SessionMethod,
  arg: unknown,
): Promise<Result<unknown>> {
  try {
    const api = await imApi();
    return await (api[method] as (arg: unknown) => Promise<Result<unknown>>)(
      arg,
    );
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

/**
 * The worker's methods as the chat screens call them, with the worker's own argument objects:
 * `messenger.sendText({ channel, text })`. Made from workers/api.ts's method table, so a new worker
 * method is here without an edit (`subscribe` stays with src/session/imClient).
 */
export const messenger: Omit<SessionApi, "subscribe"> =
  sessionApiOf<SessionApi>(call);

/** Shows a failed call's translated message as an error toast. */
export function toastSessionError(error: SessionError, i18n: I18n): void {
  openToast({
    type: "error",
    message: i18n._(sessionErrorMessage(error.code)),
  });
}

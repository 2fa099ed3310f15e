// The messenger calls the chat screens make, through the tab's worker client (src/messenger/imClient):
// each resolves to the worker's Result (a rejected call becomes INTERNAL), and failures can be shown
// as a translated toast. Components use these instead of talking to comlink.
import type { I18n } from "@lingui/core";
import type {
  Result,
  MessengerApi,
  MessengerError,
  MessengerMethod,
} from "../../../workers/api";
import { imApi } from "../../messenger/imClient";
import { messengerErrorMessage } from "../../i18n/errorMessages";
import { open as openToast } from "../../state/toast";

async function call(
  method: MessengerMethod,
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

type Forward = (arg: unknown) => Promise<Result<unknown>>;
const forwards = new Map<string, Forward>();

/**
 * The worker's methods as the chat screens call them, with the worker's own argument objects:
 * `messenger.sendText({ channel, text })`. A typed Proxy: every MessengerApi method is here without
 * an edit, and the type allows no other. NOTE: not made from workers/apiMethods.ts's table like the
 * worker's facade and relay: imported through api.ts it would ride in the first-visit chunk
 * (+0.3 kB gzip), and the tab may import nothing else of workers/. Not a thenable (no `then`).
 */
export const messenger = new Proxy({} as Omit<MessengerApi, "subscribe">, {
  get: (_, name) => {
    if (typeof name !== "string" || name === "then") return undefined;
    let forward = forwards.get(name);
    if (forward === undefined) {
      forward = (arg) => call(name as MessengerMethod, arg);
      forwards.set(name, forward);
    }
    return forward;
  },
});

/** Shows a failed call's translated message as an error toast. */
export function toastMessengerError(error: MessengerError, i18n: I18n): void {
  openToast({
    type: "error",
    message: i18n._(messengerErrorMessage(error.code)),
  });
}

// The MessengerApi's methods declared once as data (name, whether the relay may repeat it), and the
// helper that makes a MessengerApi from them: the worker's tab facade (tabs/createTabMessenger.ts) and the
// relay client (relay/relayClient.ts) are made with it. Worker-only: the tab's `messenger` actions
// (src/features/messenger/messengerActions.ts) forward any MessengerApi method without the table, which
// would otherwise ride in the tab's first-visit chunk.
import type { Result, MessengerApi, MessengerMethod } from "./api";

/** What is declared of each method besides its signature. */
export interface MessengerMethodSpec {
  /**
   * May the dedicated-worker relay send the call again after a leader change? Only when doing it
   * twice does no harm; otherwise (sending, retrying, uploads) the call fails with `NETWORK`, as
   * the old leader may have done it (relay/relayClient.ts).
   */
  readonly repeatable: boolean;
}

/**
 * Every {@link MessengerApi} method, declared once: the tab facade (tabs/createTabMessenger.ts) and the
 * relay client are made from this table by {@link messengerApiOf}. A method missing here, or one
 * MessengerApi lacks, does not compile. A new method: its signature in api.ts, its line here, its
 * behaviour in tabs/createTabMessenger.ts.
 */
export const MESSENGER_METHODS = {
  attach: { repeatable: true },
  detach: { repeatable: true },
  hint: { repeatable: true },
  start: { repeatable: true },
  stop: { repeatable: true },
  logout: { repeatable: true },
  updateAuth: { repeatable: true },
  sendText: { repeatable: false },
  sendImage: { repeatable: false },
  retry: { repeatable: false },
  cancelUpload: { repeatable: false },
  retryUpload: { repeatable: false },
  openConversation: { repeatable: true },
  closeConversation: { repeatable: true },
  markRead: { repeatable: true },
  deleteConversation: { repeatable: true },
  loadOlder: { repeatable: true },
  refreshChannelInfo: { repeatable: true },
  reminderDone: { repeatable: true },
  subscribe: { repeatable: true },
  status: { repeatable: true },
} as const satisfies { readonly [M in MessengerMethod]: MessengerMethodSpec };

/**
 * A MessengerApi whose every method of {@link MESSENGER_METHODS} hands its argument to `forward` with its
 * name. NOTE: `forward` answers for all methods at once, so it must resolve to what the named method
 * promises; the callers forward to another MessengerApi or to a table typed per method.
 * @example const api = messengerApiOf((method, arg) => relay(method, arg));
 */
export function messengerApiOf(
  forward: (method: MessengerMethod, arg: unknown) => Promise<Result<unknown>>,
): MessengerApi {
  const api: Partial<Record<MessengerMethod, (arg: unknown) => unknown>> = {};
  for (const method of Object.keys(MESSENGER_METHODS) as MessengerMethod[])
    api[method] = (arg) => forward(method, arg);
  return api as MessengerApi;
}

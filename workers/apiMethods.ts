// The SessionApi's methods declared once as data (name, whether the relay may repeat it), and the
// helper that makes a SessionApi from them: the worker's tab facade (tabs/createTabSession.ts) and the
// relay client (relay/relayClient.ts) are made with it. Worker-only: the tab's `messenger` actions
// (src/features/destiny/messengerActions.ts) forward any SessionApi method without the table, which
// would otherwise ride in the tab's first-visit chunk.
import type { Result, SessionApi, SessionMethod } from "./api";

/** What is declared of each method besides its signature. */
export interface SessionMethodSpec {
  /**
   * May the dedicated-worker relay send the call again after a leader change? Only when doing it
   * twice does no harm; otherwise (sending, retrying, uploads) the call fails with `NETWORK`, as
   * the old leader may have done it (relay/relayClient.ts).
   */
  readonly repeatable: boolean;
}

/**
 * Every {@link SessionApi} method, declared once: the tab facade (tabs/createTabSession.ts) and the
 * relay client are made from this table by {@link sessionApiOf}. A method missing here, or one
 * SessionApi lacks, does not compile. A new method: its signature in api.ts, its line here, its
 * behaviour in tabs/createTabSession.ts.
 */
export const SESSION_METHODS = {
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
} as const satisfies { readonly [M in SessionMethod]: SessionMethodSpec };

/**
 * A SessionApi whose every method of {@link SESSION_METHODS} hands its argument to `forward` with its
 * name. NOTE: `forward` answers for all methods at once, so it must resolve to what the named method
 * promises; the callers forward to another SessionApi or to a table typed per method.
 * @example const api = sessionApiOf((method, arg) => relay(method, arg));
 */
export function sessionApiOf(
  forward: (method: SessionMethod, arg: unknown) => Promise<Result<unknown>>,
): SessionApi {
  const api: Partial<Record<SessionMethod, (arg: unknown) => unknown>> = {};
  for (const method of Object.keys(SESSION_METHODS) as SessionMethod[])
    api[method] = (arg) => forward(method, arg);
  return api as SessionApi;
}

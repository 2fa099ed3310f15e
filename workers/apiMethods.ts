// The SessionApi's methods declared once as data (name, whether the relay may repeat it), and the
// helper that makes an API object from them: the worker's tab facade (tabs/createTabSession.ts), the
// relay client (relay/relayClient.ts) and the tab-side actions (src/features/destiny/messengerActions.ts)
// are all made with it. The tab imports it through api.ts; it imports nothing itself, so api.ts can
// check it against SessionApi without a cycle and the tab's first chunk does not carry it.

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
 * Every {@link SessionApi} method, declared once: the tab facade (tabs/createTabSession.ts), the
 * relay client and the tab-side actions (src/features/destiny/messengerActions.ts) are made from
 * this table by {@link sessionApiOf}. A method missing here, or one SessionApi lacks, does not compile
 * (api.ts checks). A new method: its signature in api.ts, its line here, its behaviour in
 * tabs/createTabSession.ts.
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
} as const satisfies Readonly<Record<string, SessionMethodSpec>>;

/** A method name of the table (api.ts checks they are exactly SessionApi's). */
type Method = keyof typeof SESSION_METHODS;

/**
 * A SessionApi (the type argument, or where the result goes: nothing is inferred without one) whose
 * every method of {@link SESSION_METHODS} hands its argument to `forward` with its name. NOTE:
 * `forward` answers for all methods at once, so it must resolve to what the named method promises;
 * the callers forward to another SessionApi or to a table typed per method.
 * @example const api: SessionApi = sessionApiOf((method, arg) => relay(method, arg));
 */
export function sessionApiOf<
  Api extends { readonly [M in Method]: (arg: never) => Promise<unknown> } =
    never,
>(
  forward: <M extends Method>(
    method: M,
    arg: Parameters<Api[M]>[0],
  ) => Promise<unknown>,
): Api {
  const api: Partial<Record<Method, (arg: unknown) => Promise<unknown>>> = {};
  for (const method of Object.keys(SESSION_METHODS) as Method[])
    api[method] = (arg) => forward(method, arg as never);
  return api as unknown as Api;
}

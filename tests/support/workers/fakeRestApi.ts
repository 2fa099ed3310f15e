// A fake of the messaging REST API behind `fetch`: records every call (path, body, token) and
// answers with the app envelope; tests script individual endpoints.
export interface RestCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: any;
  token: string | null;
}

/** What a handler returns: envelope data, or a full status/body. */
export type RestReply = { status: number; body: unknown } | { data: unknown };
export type RestHandler = (call: RestCall) => RestReply | Promise<RestReply>;

const DEFAULTS: Record<string, unknown> = {
  "wuKong/v1/conversationList": [],
  "wuKong/v1/messageExtraSync": [],
  "wuKong/v1/reminders/sync": [],
  "wuKong/v1/messageSync": {
    start_message_seq: 0,
    end_message_seq: 0,
    more: 0,
    messages: [],
  },
};

export class FakeRestApi {
  readonly calls: RestCall[] = [];
  readonly #handlers = new Map<string, RestHandler>();
  /** Paths after this prefix are matched. */
  readonly base = "http://im.test/api/app";

  on(path: string, handler: RestHandler): this {
    this.#handlers.set(path, handler);
    return this;
  }

  callsTo(path: string): RestCall[] {
    return this.calls.filter((c) => c.path === path);
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(
      typeof input === "string"
        ? input
        : input instanceof URL
          ? input.href
          : input.url,
    );
    const path = url.href.slice(this.base.length + 1).split("?")[0]!;
    const headers = new Headers(init?.headers);
    const auth = headers.get("authorization");
    const call: RestCall = {
      method: init?.method ?? "GET",
      path,
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      token: auth === null ? null : auth.replace(/^Bearer /, ""),
    };
    this.calls.push(call);
    const handler = this.#handlers.get(path);
    const reply: RestReply =
      handler !== undefined
        ? await handler(call)
        : { data: DEFAULTS[path] ?? null };
    const { status, body } =
      "data" in reply
        ? { status: 200, body: { code: 0, data: reply.data, msg: "ok" } }
        : reply;
    return new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    });
  };
}

// The WuKongIM API client without a server: what it puts on the wire (WuKongIM's field names,
// base64 payloads, int64s as exact numbers) and how each kind of failure surfaces. The same client
// against the real binary: realNode.test.ts.
import { expect, it } from "vitest";
import {
  type FetchLike,
  WukongImApi,
} from "../../../../server/im/wukongim/WukongImApi";
import {
  isWukongImApiError,
  WukongImApiError,
} from "../../../../server/im/wukongim/WukongImApiError";

interface Sent {
  url: string;
  method: string;
  body: string;
}

/** A fetch that records requests and answers `status` with `body`. */
function fakeFetch(status: number, body: string, sent: Sent[] = []): FetchLike {
  return (input, init) => {
    sent.push({
      url: String(input),
      method: init?.method ?? "GET",
      body: typeof init?.body === "string" ? init.body : "",
    });
    return Promise.resolve(new Response(body, { status }));
  };
}

const api = (fetch: FetchLike, timeoutMs?: number) =>
  new WukongImApi({
    baseUrl: "http://wukongim.test:5001/",
    fetch,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });

const TOKEN = { uid: "u", token: "t", device_flag: 1, device_level: 1 };

async function failure(promise: Promise<unknown>): Promise<WukongImApiError> {
  const error: unknown = await promise.then(
    () => new Error("resolved"),
    (e: unknown) => e,
  );
  if (!isWukongImApiError(error)) throw error;
  return error;
}

it("sends WuKongIM's own field names, the payload as base64 and bigints exactly", async () => {
  const sent: Sent[] = [];
  const answer =
    '{"data":{"client_msg_no":"c1","message_id":2126026865201123328},"status":200}';
  const client = api(fakeFetch(200, answer, sent));
  await expect(
    client.sendMessage({
      from_uid: "alice",
      channel_id: "bob",
      channel_type: 1,
      header: { red_dot: 1 },
      payload: new TextEncoder().encode('{"type":1,"content":"你好"}'),
    }),
  ).resolves.toEqual({ message_id: 2126026865201123328n, client_msg_no: "c1" });
  expect(sent[0]).toEqual({
    url: "http://wukongim.test:5001/message/send",
    method: "POST",
    body: JSON.stringify({
      from_uid: "alice",
      channel_id: "bob",
      channel_type: 1,
      header: { red_dot: 1 },
      payload: Buffer.from('{"type":1,"content":"你好"}').toString("base64"),
    }),
  });

  const syncSent: Sent[] = [];
  await api(fakeFetch(200, "[]", syncSent)).syncConversations({
    uid: "bob",
    version: 1795719278123456789n,
    msg_count: 1,
  });
  expect(syncSent[0]?.body).toBe(
    '{"uid":"bob","version":1795719278123456789,"msg_count":1}',
  );
});

it("names the users with a live connection: a device with online 1", async () => {
  const answer = JSON.stringify([
    { uid: "a", device_flag: 1, online: 0 },
    { uid: "b", device_flag: 1, online: 1 },
    { uid: "b", device_flag: 0, online: 0 },
  ]);
  const online = await api(fakeFetch(200, answer, [])).onlineUids([
    "a",
    "b",
    "c",
  ]);
  expect([...online]).toEqual(["b"]);
});

it("reads Go's null slices as empty and answers an empty presence query without a call", async () => {
  const sent: Sent[] = [];
  expect(await api(fakeFetch(200, "null", sent)).onlineStatus(["a"])).toEqual(
    [],
  );
  expect(await api(fakeFetch(200, "{}", sent)).onlineStatus([])).toEqual([]);
  expect(sent).toHaveLength(1);
  await expect(
    api(
      fakeFetch(
        200,
        '{"start_message_seq":0,"end_message_seq":0,"more":0,"messages":null}',
      ),
    ).syncChannelMessages({
      login_uid: "a",
      channel_id: "b",
      channel_type: 1,
      start_message_seq: 0,
      end_message_seq: 0,
      limit: 10,
      pull_mode: 1,
    }),
  ).resolves.toMatchObject({ more: 0, messages: [] });
});

it("an HTTP 400 names the endpoint, the status and WuKongIM's msg", async () => {
  const error = await failure(
    api(fakeFetch(400, '{"msg":"uid不能为空！","status":400}')).updateToken({
      ...TOKEN,
      uid: "",
    }),
  );
  expect(error).toBeInstanceOf(WukongImApiError);
  expect(error.message).toBe(
    'WuKongIM POST /user/token: HTTP 400 {"msg":"uid不能为空！","status":400}',
  );
  expect(error).toMatchObject({
    endpoint: "POST /user/token",
    failure: "http",
    httpStatus: 400,
    wukongimMessage: "uid不能为空！",
    retryable: false,
  });
});

it("a refusal inside an HTTP 200 (`{status: reason}`) is an error too", async () => {
  const error = await failure(
    api(fakeFetch(200, '{"status":3}')).updateToken(TOKEN),
  );
  expect(error).toMatchObject({ failure: "status", httpStatus: 200 });
});

it("an answer of the wrong shape, or not JSON, is a response failure", async () => {
  const wrongShape = await failure(
    api(fakeFetch(200, '[{"channel_id":1}]')).syncConversations({
      uid: "u",
      msg_count: 1,
    }),
  );
  expect(wrongShape).toMatchObject({
    endpoint: "POST /conversation/sync",
    failure: "response",
  });
  const notJson = await failure(
    api(fakeFetch(404, "404 page not found")).deleteConversation({
      uid: "u",
      channel_id: "c",
      channel_type: 1,
    }),
  );
  expect(notJson).toMatchObject({ failure: "http", httpStatus: 404 });
  expect(notJson.wukongimMessage).toBeUndefined();
});

it("health: 500 while starting, ok after", async () => {
  const starting = await failure(
    api(fakeFetch(500, '{"message":"no slots","status":"error"}')).health(),
  );
  expect(starting).toMatchObject({
    endpoint: "GET /health",
    failure: "http",
    httpStatus: 500,
    retryable: true,
  });
  await expect(
    api(fakeFetch(200, '{"status":"ok"}')).health(),
  ).resolves.toBeUndefined();
});

it("no answer in time is a timeout; a failed connection is a network failure", async () => {
  const never: FetchLike = (_input, init) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener("abort", () => {
        reject(init.signal?.reason as Error);
      });
    });
  const timeout = await failure(api(never, 50).onlineStatus(["a"]));
  expect(timeout).toMatchObject({
    endpoint: "POST /user/onlinestatus",
    failure: "timeout",
    httpStatus: 0,
    retryable: true,
  });
  const refused: FetchLike = () =>
    Promise.reject(new TypeError("fetch failed"));
  const network = await failure(
    api(refused).clearUnread({ uid: "u", channel_id: "c", channel_type: 1 }),
  );
  expect(network).toMatchObject({ failure: "network", retryable: true });
  expect(network.cause).toBeInstanceOf(TypeError);
});

it("WuKongIM's own deadline (HTTP 400 context deadline exceeded) may be retried", async () => {
  const error = await failure(
    api(
      fakeFetch(400, '{"msg":"context deadline exceeded","status":400}'),
    ).updateToken(TOKEN),
  );
  expect(error).toMatchObject({
    failure: "http",
    httpStatus: 400,
    wukongimMessage: "context deadline exceeded",
    retryable: true,
  });
});

it("the token registration has its own, longer deadline", async () => {
  const aborted: string[] = [];
  const slow: FetchLike = (input, init) =>
    new Promise((resolve, reject) => {
      const answer = setTimeout(() => {
        resolve(new Response('{"status":200}', { status: 200 }));
      }, 150);
      init?.signal?.addEventListener("abort", () => {
        clearTimeout(answer);
        aborted.push(String(input));
        reject(init.signal?.reason as Error);
      });
    });
  const client = new WukongImApi({
    baseUrl: "http://wukongim.test:5001",
    fetch: slow,
    timeoutMs: 50,
    tokenTimeoutMs: 1_000,
  });
  const [token, quit] = await Promise.all([
    client.updateToken(TOKEN),
    failure(client.deviceQuit({ uid: "u", device_flag: -1 })),
  ]);
  expect(token).toBeUndefined();
  expect(quit).toMatchObject({ failure: "timeout" });
  expect(aborted).toEqual(["http://wukongim.test:5001/user/device_quit"]);
});

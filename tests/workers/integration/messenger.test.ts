// The worker's code (MessengerService + socketTransport over the `ws` package, fake-indexeddb) against
// the real server on loopback: two signed-in users chat both ways; pending messages survive a
// dropped socket and each arrives exactly once; messages sent while a user was offline are
// repaired when they come back (conversation sync / messageSync).
import WebSocket from "ws";
import { Op, type Frame } from "#protocol";
import { FrameDecoder } from "#protocol";
import type { MessengerEvent } from "../../../workers/api";
import { DeviceDb } from "../../../src/db/DeviceDb";
import { deleteImDb, getDeviceId, openImDb } from "../../../src/db/db";
import type { MessageRecord } from "../../../src/db/entities/MessageRecord";
import {
  createSocketTransport,
  type Transport,
  type WebSocketConstructor,
} from "../../../workers/connection/socketTransport";
import { MessengerService } from "../../../workers/messenger/MessengerService";
import { fetchUploadTransport } from "../../../workers/outbox/uploadTransport";
import { call, signInWithPhone } from "../../support/server/accountsApi";
import {
  startTestServer,
  type TestServer,
} from "../../support/server/testServer";
import { until } from "../../support/workers/testMessenger";
import { png } from "../../server/files/imageFixtures";

interface Client {
  imId: string;
  token: string;
  service: MessengerService;
  events: MessengerEvent[];
  fetches: { path: string; body: unknown }[];
  /** REST paths that fail as if the network were down. */
  blocked: Set<string>;
  deviceDb: DeviceDb;
  rows(peer: string): Promise<MessageRecord[]>;
}

let server: TestServer;
let clients: Client[];
let deviceCounter = 0;

const wsTransport = createSocketTransport(
  WebSocket as unknown as WebSocketConstructor,
);

async function signIn(phone: string) {
  const { app_token } = await signInWithPhone(server, phone);
  const info = await call(server, "GET", "user/v1/info", { token: app_token });
  return {
    token: app_token,
    imId: info.body.data.imId as string,
    imToken: info.body.data.imToken as string,
  };
}

async function client(
  phone: string,
  transport: Transport = wsTransport,
): Promise<Client> {
  const { token, imId, imToken } = await signIn(phone);
  deviceCounter += 1;
  const deviceDb = new DeviceDb(
    `fuyuan-device-integration-${deviceCounter}-${Date.now()}`,
  );
  const fetches: Client["fetches"] = [];
  const blocked = new Set<string>();
  const service = new MessengerService({
    transport,
    fetch: async (input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      const path = url.slice(url.indexOf("/api/app/") + 9).split("?")[0]!;
      fetches.push({
        path,
        body:
          typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      });
      if (blocked.has(path)) throw new TypeError("fetch failed");
      return fetch(input, init);
    },
    uploadTransport: fetchUploadTransport(),
    openDb: openImDb,
    deleteDb: deleteImDb,
    deviceId: () => getDeviceId(deviceDb),
    now: () => Date.now(),
    randomBytes: (n) => crypto.getRandomValues(new Uint8Array(n)),
    seed: deviceCounter,
  });
  const events: MessengerEvent[] = [];
  service.attachTab("tab");
  service.subscribe("tab", (event) => {
    events.push(event);
  });
  await service.start({
    imUid: imId,
    imToken,
    apiBase: `${server.baseUrl}/api/app`,
    accessToken: token,
    wsUrl: `${server.baseUrl.replace(/^http/, "ws")}/im`,
  });
  const c: Client = {
    imId,
    token,
    service,
    events,
    fetches,
    blocked,
    deviceDb,
    rows: async (peer) =>
      (
        await service
          .requireUser()
          .db.messages.where("[channelId+channelType+status]")
          .between([peer, 1, ""], [peer, 1, "\uffff"])
          .toArray()
      ).sort((a, b) => (a.messageSeq ?? 0) - (b.messageSeq ?? 0)),
  };
  clients.push(c);
  return c;
}

async function connected(c: Client): Promise<void> {
  await until(() => {
    expect(c.service.status().connection).toBe("Connected");
  }, 10_000);
}

const texts = (rows: readonly MessageRecord[]) =>
  rows.map((r) => r.content.content);

// NOTE: a fresh server per test: each starts with empty channels, and sign-in codes are not
// rate-limited across tests.
beforeEach(async () => {
  server = await startTestServer();
  clients = [];
});

afterEach(async () => {
  for (const c of clients) {
    await c.service.logout();
    c.deviceDb.close();
  }
  await server.close();
});

// NOTE: real sockets and a 3 s reconnect delay: more time than the project's 5 s default.
describe("worker ↔ real server", { timeout: 30_000 }, () => {
  it("two users send and receive in both directions", async () => {
    const alice = await client("13800000001");
    const bob = await client("13800000002");
    await connected(alice);
    await connected(bob);
    const toBob = { channelId: bob.imId, channelType: 1 };
    const toAlice = { channelId: alice.imId, channelType: 1 };

    const sent = await alice.service
      .requireUser()
      .sendText(toBob, "你好, Bob 👋");
    await until(async () => {
      expect(texts(await bob.rows(alice.imId))).toEqual(["你好, Bob 👋"]);
    }, 10_000);
    await until(async () => {
      const [own] = await alice.rows(bob.imId);
      expect(own).toMatchObject({
        clientMsgNo: sent.clientMsgNo,
        status: "normal",
        messageSeq: 1,
      });
    }, 10_000);
    const [received] = await bob.rows(alice.imId);
    expect(received).toMatchObject({
      clientMsgNo: sent.clientMsgNo,
      fromUid: alice.imId,
      channelId: alice.imId,
      messageSeq: 1,
      status: "normal",
    });
    expect(
      (await bob.service.requireUser().db.conversations.get([alice.imId, 1]))
        ?.unread,
    ).toBe(1);

    await bob.service.requireUser().sendText(toAlice, "hi Alice");
    await until(async () => {
      expect(texts(await alice.rows(bob.imId))).toEqual([
        "你好, Bob 👋",
        "hi Alice",
      ]);
    }, 10_000);
    expect(
      (await alice.service.requireUser().db.conversations.get([bob.imId, 1]))
        ?.unread,
    ).toBe(1);
    expect(alice.service.user!.inbound.stats.droppedBadKey).toBe(0);
  });

  it("messages pending when the socket drops are re-sent after the reconnect and arrive exactly once", async () => {
    // A transport that kills the first socket right after it carried a batch of SENDs, before any
    // SENDACK can come back.
    let dropped = false;
    const flaky: Transport = (url, handlers) => {
      const socket = wsTransport(url, handlers);
      const decoder = new FrameDecoder({ version: 4 });
      return {
        send(bytes) {
          socket.send(bytes);
          const frames: Frame[] = decoder.push(bytes.slice());
          if (!dropped && frames.some((f) => f.op === Op.SEND)) {
            dropped = true;
            socket.close();
            queueMicrotask(() => {
              handlers.onClose();
            });
          }
        },
        close: () => {
          socket.close();
        },
      };
    };
    const alice = await client("13800000001", flaky);
    const bob = await client("13800000002");
    await connected(alice);
    await connected(bob);
    const toBob = { channelId: bob.imId, channelType: 1 };
    const user = alice.service.requireUser();
    const sent: string[] = [];
    for (const text of ["one", "two", "three", "four", "five", "six", "seven"])
      sent.push((await user.sendText(toBob, text)).clientMsgNo);

    await until(() => {
      expect(dropped).toBe(true);
    }, 5_000);
    await until(async () => {
      const own = await alice.rows(bob.imId);
      expect(own.map((r) => r.status)).toEqual(Array(7).fill("normal"));
    }, 15_000);
    await until(async () => {
      expect(texts(await bob.rows(alice.imId))).toEqual([
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
      ]);
    }, 10_000);
    const received = await bob.rows(alice.imId);
    expect(received.map((r) => r.messageSeq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(received.map((r) => r.clientMsgNo))).toEqual(new Set(sent));
    // The server stored each once, too.
    const history = await call(server, "POST", "wuKong/v1/messageSync", {
      token: bob.token,
      body: {
        login_uid: bob.imId,
        channel_id: alice.imId,
        channel_type: 1,
        start_message_seq: 0,
        end_message_seq: 0,
        limit: 100,
        pull_mode: 1,
      },
    });
    expect(history.body.data.messages).toHaveLength(7);
    expect(
      alice.events
        .filter((e) => e.type === "status")
        .map((e) => e.status.connection),
    ).toContain("Disconnect");
  });

  it("messages sent while a user was offline are repaired when they are back", async () => {
    const alice = await client("13800000001");
    const bob = await client("13800000002");
    await connected(alice);
    await connected(bob);
    const toBob = { channelId: bob.imId, channelType: 1 };
    const user = alice.service.requireUser();
    await user.sendText(toBob, "m1");
    await until(async () => {
      expect(texts(await bob.rows(alice.imId))).toEqual(["m1"]);
    }, 10_000);

    await bob.service.stop(true);
    for (const text of ["m2", "m3", "m4"]) await user.sendText(toBob, text);
    await until(async () => {
      expect((await alice.rows(bob.imId)).map((r) => r.status)).toEqual(
        Array(4).fill("normal"),
      );
    }, 10_000);
    expect(texts(await bob.rows(alice.imId))).toEqual(["m1"]);

    bob.fetches.length = 0;
    await bob.service.start({
      imUid: bob.imId,
      imToken: (await call(server, "GET", "user/v1/info", { token: bob.token }))
        .body.data.imToken,
      apiBase: `${server.baseUrl}/api/app`,
      accessToken: bob.token,
      wsUrl: `${server.baseUrl.replace(/^http/, "ws")}/im`,
    });
    await connected(bob);
    await user.sendText(toBob, "m5");
    await until(async () => {
      expect(texts(await bob.rows(alice.imId))).toEqual([
        "m1",
        "m2",
        "m3",
        "m4",
        "m5",
      ]);
    }, 10_000);
    expect((await bob.rows(alice.imId)).map((r) => r.messageSeq)).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(
      bob.fetches.some((f) => f.path === "wuKong/v1/conversationList"),
    ).toBe(true);
    expect(
      (await bob.service.requireUser().db.conversations.get([alice.imId, 1]))
        ?.unread,
    ).toBe(5);
  });

  it("a RECV that skips seqs makes the worker fetch the gap with messageSync", async () => {
    const alice = await client("13800000001");
    const bob = await client("13800000002");
    await connected(alice);
    await connected(bob);
    const toBob = { channelId: bob.imId, channelType: 1 };
    const user = alice.service.requireUser();
    await user.sendText(toBob, "g1");
    await until(async () => {
      expect(texts(await bob.rows(alice.imId))).toEqual(["g1"]);
    }, 10_000);
    await bob.service.stop(true);
    for (const text of ["g2", "g3", "g4"]) await user.sendText(toBob, text);
    await until(async () => {
      expect((await alice.rows(bob.imId)).map((r) => r.status)).toEqual(
        Array(4).fill("normal"),
      );
    }, 10_000);
    // Bob comes back, but his conversation sync cannot reach the server: only the gap repair can.
    bob.blocked.add("wuKong/v1/conversationList");
    await bob.service.stop(false);
    await bob.service.start({
      imUid: bob.imId,
      imToken: (await call(server, "GET", "user/v1/info", { token: bob.token }))
        .body.data.imToken,
      apiBase: `${server.baseUrl}/api/app`,
      accessToken: bob.token,
      wsUrl: `${server.baseUrl.replace(/^http/, "ws")}/im`,
    });
    await connected(bob);
    await until(() => {
      expect(
        bob.events.some(
          (e) => e.type === "error" && e.error.code === "NETWORK",
        ),
      ).toBe(true);
    }, 5_000);
    expect(texts(await bob.rows(alice.imId))).toEqual(["g1"]);
    await user.sendText(toBob, "g5");
    await until(async () => {
      expect(texts(await bob.rows(alice.imId))).toEqual([
        "g1",
        "g2",
        "g3",
        "g4",
        "g5",
      ]);
    }, 10_000);
    const sync = bob.fetches.filter((f) => f.path === "wuKong/v1/messageSync");
    expect(sync).toHaveLength(1);
    expect(sync[0]!.body).toMatchObject({
      start_message_seq: 2,
      end_message_seq: 5,
      pull_mode: 1,
    });
  });

  it("an image is uploaded to the real upload endpoint, then sent as {url, width, height}", async () => {
    const alice = await client("13800000001");
    const bob = await client("13800000002");
    await connected(alice);
    await connected(bob);
    const bytes = png(3, 2);
    const { clientMsgNo } = await alice.service.requireUser().sendImage(
      { channelId: bob.imId, channelType: 1 },
      {
        file: new Blob([Uint8Array.from(bytes)], { type: "image/png" }),
        width: 3,
        height: 2,
      },
    );
    await until(async () => {
      expect((await bob.rows(alice.imId)).map((r) => r.contentType)).toEqual([
        2,
      ]);
    }, 10_000);
    const [image] = await bob.rows(alice.imId);
    expect(image!.clientMsgNo).toBe(clientMsgNo);
    const url = image!.content.url as string;
    expect(image!.content).toMatchObject({ type: 2, width: 3, height: 2 });
    expect(url.startsWith(`${server.baseUrl}/media/`)).toBe(true);
    const served = await fetch(url);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    const progress = alice.events
      .filter((e) => e.type === "uploadProgress")
      .map((e) => e.state);
    expect(progress[0]).toBe("processing");
    expect(progress.at(-1)).toBe("success");
  });
});

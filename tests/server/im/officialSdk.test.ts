// The official client, npm wukongimjssdk@1.0.4 (protocol v2), unmodified, against our gateway:
// real SMS login → user/v1/info imToken → SDK connect; two SDK instances (two users) send to and
// receive from each other, SENDACKs reach the sender's status listener, and the server stored both.
// The SDK keeps module-level singletons, so each instance is a fresh module graph (vi.resetModules).
import WebSocket from "ws";
import { call } from "../../support/server/accountsApi";
import { testClock } from "../../support/testClock";
import { describeEachDatabase } from "../../support/server/testDb";
import { storedMessages } from "../../support/server/im/imQueries";
import {
  type ImServer,
  type ImUser,
  signIn,
  startImServer,
} from "../../support/server/im/imServer";

interface SdkMessage {
  fromUID: string;
  channel: { channelID: string; channelType: number };
  content: { text?: string };
  messageSeq: number;
}

interface SdkInstance {
  sdk: any;
  received: SdkMessage[];
  acks: { clientSeq: number; reasonCode: number }[];
  statuses: number[];
  send(text: string, to: string): Promise<void>;
}

async function loadSdk(url: string, user: ImUser): Promise<SdkInstance> {
  vi.resetModules();
  const { default: WKSDK } = await import("wukongimjssdk");
  const { Channel, MessageText } = await import("wukongimjssdk/lib/model");
  const sdk = WKSDK.shared();
  sdk.config.addr = url;
  sdk.config.uid = user.imId;
  sdk.config.token = user.imToken;
  const instance: SdkInstance = {
    sdk,
    received: [],
    acks: [],
    statuses: [],
    send: async (text, to) => {
      await sdk.chatManager.send(new MessageText(text), new Channel(to, 1));
    },
  };
  sdk.chatManager.addMessageListener((message: SdkMessage) => {
    instance.received.push(message);
  });
  sdk.chatManager.addMessageStatusListener(
    (ack: { clientSeq: number; reasonCode: number }) => {
      instance.acks.push({
        clientSeq: ack.clientSeq,
        reasonCode: ack.reasonCode,
      });
    },
  );
  const connected = new Promise<void>((resolve, reject) => {
    sdk.connectManager.addConnectStatusListener(
      (status: number, reasonCode?: number) => {
        instance.statuses.push(status);
        if (status === 1) resolve();
        if (status === 3)
          reject(new Error(`ConnectFail ${String(reasonCode)}`));
      },
    );
  });
  sdk.connectManager.connect();
  await connected;
  return instance;
}

async function until(
  check: () => boolean,
  what: string,
  ms = 5_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describeEachDatabase(
  "IM gateway: official SDK wukongimjssdk@1.0.4",
  (database) => {
    let server: ImServer;
    const clock = testClock();
    const sdks: SdkInstance[] = [];
    const realLog = console.log;

    beforeAll(async () => {
      (globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;
      // NOTE: the SDK logs every packet with console.log.
      console.log = () => undefined;
      server = await startImServer({ database, clock });
    });
    afterAll(async () => {
      for (const s of sdks) s.sdk.connectManager.disconnect();
      await server.close();
      await new Promise((r) => setTimeout(r, 100));
      console.log = realLog;
    });

    it("two SDK clients connect with the imToken from user/v1/info and chat both ways", async () => {
      const alice = await signIn(server, clock);
      const bob = await signIn(server, clock);
      const info = await call(server, "GET", "user/v1/info", {
        token: alice.tokens.app_token,
      });
      expect(info.body.data.imToken).toBe(alice.imToken);
      const a = await loadSdk(server.imUrl, alice);
      sdks.push(a);
      const b = await loadSdk(server.imUrl, bob);
      sdks.push(b);
      expect(a.sdk).not.toBe(b.sdk);

      await a.send("你好 from the official SDK 😀", bob.imId);
      await until(() => b.received.length === 1, "Bob's RECV");
      expect(b.received[0]).toMatchObject({
        fromUID: alice.imId,
        channel: { channelID: alice.imId, channelType: 1 },
        content: { text: "你好 from the official SDK 😀" },
        messageSeq: 1,
      });
      await until(() => a.acks.length === 1, "Alice's SENDACK");
      expect(a.acks[0]).toEqual({ clientSeq: 1, reasonCode: 1 });

      await b.send("reply from Bob", alice.imId);
      await until(
        () => a.received.some((m) => m.content.text === "reply from Bob"),
        "Alice's RECV",
      );
      const reply = a.received.find(
        (m) => m.content.text === "reply from Bob",
      )!;
      expect(reply).toMatchObject({
        fromUID: bob.imId,
        channel: { channelID: bob.imId },
        messageSeq: 2,
      });
      await until(() => b.acks.length === 1, "Bob's SENDACK");
      expect(b.acks[0]!.reasonCode).toBe(1);

      expect(
        (await storedMessages(server.db, alice.imId)).map((m) =>
          JSON.parse(m.payload),
        ),
      ).toEqual([{ content: "你好 from the official SDK 😀", type: 1 }]);
      expect(
        (await storedMessages(server.db, bob.imId)).map((m) => m.message_seq),
      ).toEqual([2]);
      const online = await call(
        server,
        "GET",
        `user/v1/infoByIm?imId=${bob.imId}`,
        {
          token: alice.tokens.app_token,
        },
      );
      expect(online.body.data.online).toBe(true);
    });

    it("a wrong token makes the SDK report ConnectFail (CONNACK 2) and stop", async () => {
      const carol = await signIn(server, clock);
      const failed = loadSdk(server.imUrl, { ...carol, imToken: "wrong" });
      await expect(failed).rejects.toThrow("ConnectFail 2");
    });
  },
);

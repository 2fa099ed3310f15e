// Issue #9 (chaos gate), found by `npm run chaos -- --kinds dropSendack`: a SENDACK lost on a
// connection that stays up left the message pending until some later reconnect (never, while
// heartbeats are answered). The outbox now writes it again after SEND_ACK_TIMEOUT_MS; the server
// answers the repeat with the original ids, so it is stored once and settles without a reconnect.
import { FrameDecoder, Op } from "#protocol";
import type { Transport } from "../../../workers/connection/socketTransport";
import { SEND_ACK_TIMEOUT_MS } from "../../../workers/outbox/outboxScheduler";
import { call } from "../../support/server/accountsApi";
import {
  startTestServer,
  type TestServer,
} from "../../support/server/testServer";
import {
  signInAccount,
  startServerDevice,
} from "../../support/workers/serverDevice";
import { until } from "../../support/workers/testMessenger";
import {
  wsTransport,
  type WorkerDevice,
} from "../../support/workers/workerDevice";

let server: TestServer;
const devices: WorkerDevice[] = [];

beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  for (const d of devices.splice(0)) await d.close();
  await server.close();
});

/** The real transport, minus the first SENDACK the server sends (the socket stays up). */
function losingFirstSendack(): { transport: Transport; lost: () => number } {
  let lost = 0;
  const transport: Transport = (url, handlers) => {
    const decoder = new FrameDecoder({ version: 4 });
    return wsTransport(url, {
      ...handlers,
      onMessage: (bytes) => {
        const frames = decoder.push(bytes.slice());
        if (lost === 0 && frames.length === 1 && frames[0]!.op === Op.SENDACK) {
          lost += 1;
          return;
        }
        handlers.onMessage(bytes);
      },
    });
  };
  return { transport, lost: () => lost };
}

describe("issue #9: a lost SENDACK", { timeout: 60_000 }, () => {
  it("is made good by writing the SEND again on the same connection; stored once", async () => {
    const losing = losingFirstSendack();
    const alice = await signInAccount(server, "13800000001");
    const { device } = await startServerDevice(
      server,
      alice,
      {
        name: `i9-sendack-${Date.now()}`,
        seed: 3,
        transport: losing.transport,
      },
      devices,
    );
    const tab = device.tabs[0]!;
    const sent = await tab.api.sendText({
      channel: { channelId: "demo_service", channelType: 1 },
      text: "ack me",
    });
    if (!sent.ok) throw new Error(sent.error.code);
    const db = device.service.requireUser().db;
    await until(() => {
      expect(losing.lost()).toBe(1);
    }, 5_000);
    expect((await db.messages.get(sent.value.clientMsgNo))?.status).toBe(
      "wait",
    );
    await until(async () => {
      expect(await db.messages.get(sent.value.clientMsgNo)).toMatchObject({
        status: "normal",
        messageSeq: 1,
      });
    }, SEND_ACK_TIMEOUT_MS + 10_000);
    expect(await db.outbox.count()).toBe(0);
    // No reconnect was needed (no Disconnect after the first Connected), and it was stored once.
    const statuses = tab.events.flatMap((e) =>
      e.type === "status" ? [e.status.connection] : [],
    );
    expect(
      statuses.slice(statuses.indexOf("Connected")).includes("Disconnect"),
    ).toBe(false);
    const history = await call(server, "POST", "wuKong/v1/messageSync", {
      token: alice.token,
      body: {
        login_uid: alice.imId,
        channel_id: "demo_service",
        channel_type: 1,
        limit: 10,
      },
    });
    expect(
      (history.body.data.messages as any[]).map((m) => m.client_msg_no),
    ).toEqual([sent.value.clientMsgNo]);
  });
});

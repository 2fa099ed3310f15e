// Issue #9 (chaos gate), found by the reading round of `npm run chaos`: a user opens a thread and
// leaves it; messages that arrive before the worker's next receipt beat (2 s) must stay unread —
// on this device and on the server — instead of being marked read by a late "unread 0".
import type { ChannelRef } from "../../../workers/api";
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
import type { WorkerDevice } from "../../support/workers/workerDevice";

let server: TestServer;
const devices: WorkerDevice[] = [];

beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  for (const d of devices.splice(0)) await d.close();
  await server.close();
});

async function signedIn(phone: string, name: string) {
  const account = await signInAccount(server, phone);
  const d = await startServerDevice(
    server,
    account,
    { name, seed: 9 },
    devices,
  );
  return { device: d.device, imId: d.imId, token: d.token };
}

describe(
  "issue #9: reading a thread marks only what was read",
  { timeout: 30_000 },
  () => {
    it("messages arriving after the reader left stay unread here and on the server", async () => {
      const alice = await signedIn("13800000001", `i9-alice-${Date.now()}`);
      const bob = await signedIn("13800000002", `i9-bob-${Date.now()}`);
      const toBob: ChannelRef = { channelId: bob.imId, channelType: 1 };
      const toAlice: ChannelRef = { channelId: alice.imId, channelType: 1 };
      const aliceTab = alice.device.tabs[0]!.api;
      const bobTab = bob.device.tabs[0]!.api;
      const conversation = () =>
        bob.device.service.requireUser().db.conversations.get([alice.imId, 1]);

      await aliceTab.sendText({ channel: toBob, text: "first" });
      await until(async () => {
        expect((await conversation())?.unread).toBe(1);
      }, 10_000);

      // Bob looks at the thread and leaves it at once; two messages follow within the 2 s beat.
      await bobTab.hint({ online: true, visible: true });
      await bobTab.openConversation({ channel: toAlice });
      await until(async () => {
        expect((await conversation())?.unread).toBe(0);
      });
      await bobTab.closeConversation({ channel: toAlice });
      await bobTab.hint({ online: true, visible: false });
      await aliceTab.sendText({ channel: toBob, text: "second" });
      await aliceTab.sendText({ channel: toBob, text: "third" });
      await until(async () => {
        expect((await conversation())?.unread).toBe(2);
      }, 10_000);

      // The beat has passed and the read mark reached the server: only "first" is read there.
      await until(() => {
        expect(
          bob.device.tabs[0]!.events.some((e) => e.type === "readsReported"),
        ).toBe(true);
      }, 10_000);
      const list = await call(server, "GET", "wuKong/v1/conversationList", {
        token: bob.token,
      });
      const entry = (list.body.data as any[]).find(
        (c) => c.channel_id === alice.imId,
      );
      expect(entry).toMatchObject({ unread: 2, readed_to_msg_seq: 1 });
      expect((await conversation())?.unread).toBe(2);
    });
  },
);

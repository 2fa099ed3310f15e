// A user's second device follows what the first one did while both are online (issue #6): sending
// reads the thread on every device (as the server counts it), and a reminder closed on one device —
// or anywhere on the server — closes on the other at once, not at its next reconnect.
import type { ChannelRef } from "../../../workers/api";
import {
  createReminder,
  ReminderType,
} from "../../../server/domain/messenger/reminders";
import {
  startTestServer,
  type TestServer,
} from "../../support/server/testServer";
import {
  type ServerAccount,
  type ServerDevice,
  signInAccount,
  startServerDevice,
} from "../../support/workers/serverDevice";
import { until } from "../../support/workers/testMessenger";
import type { WorkerDevice } from "../../support/workers/workerDevice";

let server: TestServer;
const devices: WorkerDevice[] = [];
const accounts = new Map<string, Promise<ServerAccount>>();

beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  accounts.clear();
  for (const d of devices.splice(0)) await d.close();
  await server.close();
});

/** The account with this phone, signed in once per test (one code per minute per phone). */
function account(phone: string): Promise<ServerAccount> {
  if (!accounts.has(phone)) accounts.set(phone, signInAccount(server, phone));
  return accounts.get(phone)!;
}

/** A browser profile of that user: its own worker, databases and device id. */
async function device(phone: string, name: string): Promise<ServerDevice> {
  return startServerDevice(
    server,
    await account(phone),
    { name, seed: 6 },
    devices,
  );
}

describe("a user's other device", { timeout: 30_000 }, () => {
  it("shows a thread read once the user answered from another device", async () => {
    const stamp = Date.now();
    const phone = await device("13800000001", `od-phone-${stamp}`);
    const bob = await device("13800000002", `od-bob-${stamp}`);
    const desk = await device("13800000001", `od-desk-${stamp}`);
    const toBob: ChannelRef = { channelId: bob.imId, channelType: 1 };
    const toAlice: ChannelRef = { channelId: phone.imId, channelType: 1 };
    const unreadOn = async (d: ServerDevice) =>
      (await d.db().conversations.get([bob.imId, 1]))?.unread;

    await bob.tab.sendText({ channel: toAlice, text: "one" });
    await bob.tab.sendText({ channel: toAlice, text: "two" });
    await until(async () => {
      expect(await unreadOn(phone)).toBe(2);
      expect(await unreadOn(desk)).toBe(2);
    }, 10_000);

    // Alice answers on her phone without opening the thread there (a notification reply).
    await phone.tab.sendText({ channel: toBob, text: "on my way" });
    await until(async () => {
      expect(await unreadOn(phone)).toBe(0);
      expect(await unreadOn(desk)).toBe(0);
    }, 10_000);

    // Bob's next message is unread again on both, as on the server.
    await bob.tab.sendText({ channel: toAlice, text: "three" });
    await until(async () => {
      expect(await unreadOn(phone)).toBe(1);
      expect(await unreadOn(desk)).toBe(1);
    }, 10_000);
  });

  it("closes a reminder on the other device as soon as one device marks it done", async () => {
    const stamp = Date.now();
    const { imId } = await account("13800000001");
    const reminder = await createReminder(
      server.db,
      { notify: () => undefined },
      {
        uid: imId,
        channelId: "demo_service",
        reminderType: ReminderType.SIGN_AGREEMENT,
        text: "请签署协议",
      },
    );
    const phone = await device("13800000001", `od-rphone-${stamp}`);
    const desk = await device("13800000001", `od-rdesk-${stamp}`);
    const stateOn = async (d: ServerDevice) =>
      (await d.db().reminders.get(reminder.id))?.done;
    await until(async () => {
      expect(await stateOn(phone)).toBe(false);
      expect(await stateOn(desk)).toBe(false);
    }, 10_000);

    await phone.tab.reminderDone({ reminderIds: [reminder.id] });
    await until(async () => {
      expect(await stateOn(desk)).toBe(true);
    }, 10_000);
    expect(desk.device.service.status().connection).toBe("Connected");
  });
});

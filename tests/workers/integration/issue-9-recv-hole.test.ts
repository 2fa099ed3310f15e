// Issue #9 (chaos gate), found by `npm run chaos -- --kinds dropRecv,resetMidFrame,reorderRecv`: a
// RECV lost while the device's own SENDACK moved the channel's last seq past it left a hole no gap
// check saw; once its connection was gone the server never sent it again, and the conversation sync
// only fetched above the newest stored seq. The sync now fetches holes below it too.
import { FrameDecoder, Op } from "#protocol";
import type { Transport } from "../../../workers/connection/socketTransport";
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

/** The real transport, minus every RECV of one seq (on every connection). */
function losingSeq(seq: number): Transport {
  return (url, handlers) => {
    const decoder = new FrameDecoder({ version: 4 });
    return wsTransport(url, {
      ...handlers,
      onMessage: (bytes) => {
        const [frame] = decoder.push(bytes.slice());
        if (frame?.op === Op.RECV && frame.messageSeq === seq) return;
        handlers.onMessage(bytes);
      },
    });
  };
}

async function device(phone: string, transport?: Transport) {
  const d = await startServerDevice(
    server,
    await signInAccount(server, phone),
    {
      name: `i9-hole-${phone}-${Date.now()}`,
      seed: 5,
      ...(transport === undefined ? {} : { transport }),
    },
    devices,
  );
  return { d: d.device, imId: d.imId };
}

describe("issue #9: a hole below an own message", { timeout: 60_000 }, () => {
  it("is fetched by the conversation sync after a reconnect", async () => {
    const alice = await device("13800000001");
    const bob = await device("13800000002", losingSeq(2));
    const send = async (from: typeof alice, to: typeof alice, text: string) => {
      const r = await from.d.tabs[0]!.api.sendText({
        channel: { channelId: to.imId, channelType: 1 },
        text,
      });
      if (!r.ok) throw new Error(r.error.code);
    };
    const seqs = async () =>
      (
        await bob.d.service
          .requireUser()
          .db.messages.where("[channelId+channelType+messageSeq]")
          .between([alice.imId, 1, 1], [alice.imId, 1, Infinity])
          .keys()
      ).map((k) => Number((k as unknown[])[2]));

    await send(alice, bob, "one");
    await until(async () => {
      expect(await seqs()).toEqual([1]);
    }, 10_000);
    await send(alice, bob, "two (lost)");
    await until(async () => {
      const [row] = await alice.d.service
        .requireUser()
        .db.messages.where("[channelId+channelType+messageSeq]")
        .between([bob.imId, 1, 2], [bob.imId, 1, 2], true, true)
        .toArray();
      expect(row?.status).toBe("normal");
    }, 10_000);
    // Bob's own message takes seq 3: his channel's last seq is 3 now, so no RECV shows a gap.
    await send(bob, alice, "three");
    await until(async () => {
      expect(await seqs()).toEqual([1, 3]);
    }, 10_000);
    // More than one page of recents, so the conversation list cannot carry seq 2 by chance.
    for (let i = 4; i <= 28; i++) await send(alice, bob, `m${i}`);
    await until(async () => {
      expect((await seqs()).length).toBe(27);
    }, 20_000);
    expect((await seqs()).includes(2)).toBe(false);

    await bob.d.tabs[0]!.api.stop({ deliberate: false });
    await until(async () => {
      expect(await seqs()).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
    }, 20_000);
  });
});

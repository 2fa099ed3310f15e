// WuKongIM v2.2.5's webhooks as our app server will receive them: a loopback receiver stands in
// for our endpoint, the real node posts to it, and every body goes through parseWebhookEvent.
// Pins what the engine relies on — presence changes, msg.offline for a recipient with no
// connection, msg.notify for stored messages — and the compressed recipient list that v2.2.5
// loses. Skips without Go.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DeviceFlag } from "#protocol";
import {
  parseWebhookEvent,
  type OnlineStatusChange,
  type WukongImWebhookEvent,
} from "../../../../server/im/wukongim/webhookEvents";
import type { WukongImMessage } from "../../../../server/im/wukongim/wukongimWire";
import { wukongimBinary } from "../../../support/wukongim/wukongimBinary";
import {
  startWukongImNode,
  type WukongImNode,
} from "../../../support/wukongim/wukongimNode";
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from "../../../support/wukongim/wukongimWebhooks";
import {
  connectUser,
  registerUser,
  type WukongImUser,
} from "../../../support/wukongim/wukongimUsers";
import type { ImTestClient } from "../../../support/server/im/ImTestClient";

const binary = await wukongimBinary();

describe.skipIf(binary === null)(
  "WuKongIM v2.2.5 webhooks, real binary",
  () => {
    let node: WukongImNode;
    let hooks: WebhookReceiver;
    const clients: ImTestClient[] = [];
    const cleanups: (() => Promise<void>)[] = [];

    const user = (on: WukongImNode, uid: string) => registerUser(on.api, uid);

    async function connect(on: WukongImNode, who: WukongImUser) {
      const client = await connectUser(on.wsUrl, who, undefined, () => on.output());
      clients.push(client);
      return client;
    }

    /** Every parsed event of `receiver` so far. */
    const events = (receiver: WebhookReceiver): WukongImWebhookEvent[] =>
      receiver.deliveries.map((d) => parseWebhookEvent(d.event, d.body));

    const presence = (receiver: WebhookReceiver): OnlineStatusChange[] =>
      events(receiver).flatMap((e) =>
        e.event === "user.onlinestatus" ? e.changes : [],
      );

    const offline = (receiver: WebhookReceiver) =>
      events(receiver).flatMap((e) => (e.event === "msg.offline" ? [e] : []));

    const notified = (receiver: WebhookReceiver): WukongImMessage[] =>
      events(receiver).flatMap((e) =>
        e.event === "msg.notify" ? e.messages : [],
      );

    beforeAll(async () => {
      hooks = await startWebhookReceiver();
      cleanups.push(() => hooks.close());
      node = await startWukongImNode({
        binary: binary!,
        webhookUrl: hooks.url,
      });
      cleanups.push(() => node.stop());
    });

    afterAll(async () => {
      for (const client of clients) client.kill();
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it("user.onlinestatus: a connection coming and going, batched every ~2 s", async () => {
      const dana = await user(node, "dana");
      const d = await connect(node, dana);
      await expect
        .poll(() => presence(hooks).filter((c) => c.uid === "dana"), {
          timeout: 6_000,
        })
        .toEqual([
          {
            uid: "dana",
            deviceFlag: DeviceFlag.WEB,
            online: true,
            connId: expect.any(Number) as number,
            deviceOnlineCount: 1,
            totalOnlineCount: 1,
          },
        ]);
      await d.close();
      await expect
        .poll(
          () => presence(hooks).filter((c) => c.uid === "dana" && !c.online),
          { timeout: 6_000 },
        )
        .toMatchObject([{ deviceOnlineCount: 0, totalOnlineCount: 0 }]);
      for (const delivery of hooks.deliveries)
        expect(delivery.headers["content-type"]).toBe("application/json");
    });

    it("msg.offline names a recipient with no connection; msg.notify brings the stored message", async () => {
      const erin = await user(node, "erin");
      await user(node, "fay"); // a token, never connected
      const e = await connect(node, erin);
      const ack = await e.sendAndAck(
        { type: 1, content: "for fay" },
        { channelId: "fay" },
      );
      expect(ack.reasonCode).toBe(1);

      await expect
        .poll(() => offline(hooks).map((o) => o.message.message_id), {
          timeout: 5_000,
        })
        .toContain(ack.messageID);
      const event = offline(hooks).find(
        (o) => o.message.message_id === ack.messageID,
      );
      expect(event).toMatchObject({
        to_uids: ["fay"], // the sender is never listed
        source_id: 1,
        message: {
          from_uid: "erin",
          channel_id: "fay",
          channel_type: 1,
          message_seq: ack.messageSeq,
          message_idstr: ack.messageID.toString(),
        },
      });
      expect(
        JSON.parse(
          Buffer.from(event!.message.payload, "base64").toString("utf8"),
        ),
      ).toEqual({ type: 1, content: "for fay" });

      await expect
        .poll(() => notified(hooks).map((m) => m.message_id), {
          timeout: 5_000,
        })
        .toContain(ack.messageID);
      expect(
        notified(hooks).find((m) => m.message_id === ack.messageID),
      ).toMatchObject({ from_uid: "erin", channel_id: "fay", message_seq: 1 });
    });

    it("a message to an online recipient: msg.notify only, no msg.offline", async () => {
      const gus = await user(node, "gus");
      const hal = await user(node, "hal");
      const g = await connect(node, gus);
      await connect(node, hal);
      const ack = await g.sendAndAck(
        { type: 1, content: "hi" },
        { channelId: "hal" },
      );
      await expect
        .poll(() => notified(hooks).map((m) => m.message_id), {
          timeout: 5_000,
        })
        .toContain(ack.messageID);
      expect(offline(hooks).map((o) => o.message.message_id)).not.toContain(
        ack.messageID,
      );
    });

    it("compressed recipients (subscriberCompressOfCount) arrive as a bare gzip header: to_uids null", async () => {
      const receiver = await startWebhookReceiver();
      const compressing = await startWukongImNode({
        binary: binary!,
        webhookUrl: receiver.url,
        extra: { channel: { subscriberCompressOfCount: 1 } },
      });
      cleanups.push(
        () => compressing.stop(),
        () => receiver.close(),
      );
      const ivy = await user(compressing, "ivy");
      const i = await connect(compressing, ivy);
      // A group with two members who are not connected: more recipients than the threshold.
      const created = await fetch(`${compressing.apiUrl}/channel`, {
        method: "POST",
        body: JSON.stringify({
          channel_id: "group1",
          channel_type: 2,
          subscribers: ["ivy", "jon", "kim"],
        }),
      });
      expect(await created.text()).toBe('{"status":200}');
      const ack = await i.sendAndAck(
        { type: 1, content: "to the group" },
        { channelId: "group1", channelType: 2 },
      );
      await expect
        .poll(
          () => receiver.deliveries.filter((d) => d.event === "msg.offline"),
          {
            timeout: 5_000,
          },
        )
        .toHaveLength(1);
      const raw = JSON.parse(
        receiver.deliveries
          .find((d) => d.event === "msg.offline")!
          .body.toString("utf8"),
      ) as { to_uids: unknown; compress: unknown; compress_to_uids: string };
      expect(raw.to_uids).toEqual([]);
      expect(raw.compress).toBe("gzip");
      expect(Buffer.from(raw.compress_to_uids, "base64").toString("hex")).toBe(
        "1f8b08000000000000ff",
      );
      expect(offline(receiver)).toMatchObject([
        {
          to_uids: null,
          message: { message_id: ack.messageID, channel_id: "group1" },
        },
      ]);
    });
  },
);

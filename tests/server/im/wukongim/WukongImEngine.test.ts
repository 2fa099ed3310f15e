// The ImEngine over a real WuKongIM v2.2.5 node: a server-side send is checked like a SEND, stored
// by WuKongIM (acknowledged only once it reads back), delivered to the recipient's live socket,
// de-duplicated by (sender, clientMsgNo) and mirrored into our tables; commands reach the live
// socket under the peer's channel; presence is WuKongIM's; a message a client sent straight to
// WuKongIM reaches the mirror through catchUp.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  ContentType,
  encodeUtf8,
  isFromSystem,
  Op,
  ReasonCode,
} from "#protocol";
import { users } from "../../../../server/db/schema";
import { conversationState } from "../../../../server/domain/messenger/conversations";
import { mirrorMessages } from "../../../../server/im/wukongim/messageMirror";
import { toMirrored } from "../../../../server/im/wukongim/mirroredMessage";
import { rowsOf } from "../../../../server/domain/messenger/wireMessage";
import { UserDirectory } from "../../../../server/im/UserDirectory";
import { WukongImEngine } from "../../../../server/im/wukongim/WukongImEngine";
import {
  createTestDatabase,
  type TestDatabase,
} from "../../../support/server/testDb";
import {
  WUKONGIM_SKIP_REASON,
  wukongimBinary,
} from "../../../support/wukongim/wukongimBinary";
import {
  startWukongImNode,
  type WukongImNode,
} from "../../../support/wukongim/wukongimNode";
import { mediaStoreOf } from "../../../../server/im/imageUrlRule";
import { trustedCommandChannel } from "../../../../workers/inbox/receiveRules";
import { ImTestClient } from "../../../support/server/im/ImTestClient";

const binary = await wukongimBinary();
if (binary === null) console.warn(WUKONGIM_SKIP_REASON);

const USER = "demo_user";
const MEDIA_ORIGIN = "https://fuyuan.test";
const STAFF = "demo_service";
const text = (content: string) =>
  encodeUtf8(JSON.stringify({ type: ContentType.TEXT, content }));

describe.skipIf(binary === null)("WukongImEngine on a real WuKongIM", () => {
  let node: WukongImNode;
  let database: TestDatabase;
  let engine: WukongImEngine;
  let staff: ImTestClient;

  beforeAll(async () => {
    [node, database] = await Promise.all([
      startWukongImNode({ binary: binary! }),
      createTestDatabase("pglite"),
    ]);
    engine = new WukongImEngine({
      db: database.db,
      api: node.api,
      directory: new UserDirectory(database.db),
      clock: Date.now,
      logger: console,
      maxPayloadBytes: 32 * 1024,
      media: mediaStoreOf(database.db, () => [MEDIA_ORIGIN]),
    });
    for (const uid of [USER, STAFF])
      await node.api.updateToken({
        uid,
        token: `token-${uid}`,
        device_flag: 1,
        device_level: 0,
      });
    staff = await ImTestClient.connect(node.wsUrl, {
      uid: STAFF,
      token: `token-${STAFF}`,
    });
  });
  afterAll(async () => {
    await staff.close();
    await node.stop();
    await database.close();
  });

  it("acknowledges a send once WuKongIM stored it, delivers it and mirrors it", async () => {
    const result = await engine.send({
      fromUid: USER,
      channelId: STAFF,
      channelType: 1,
      payload: text("第一条"),
      clientMsgNo: "engine-test-1",
    });
    expect(result).toMatchObject({ ok: true, messageSeq: 1, duplicate: false });
    if (!result.ok) return;
    const recv = await staff.next(Op.RECV);
    expect(recv.messageID).toBe(result.messageId);
    expect(recv.channelID).toBe(USER);
    expect(staff.openRecv(recv)).toEqual({ type: 1, content: "第一条" });
    staff.recvack(recv);
    expect(await conversationState(database.db, STAFF, USER)).toMatchObject({
      last_msg_seq: 1,
      unread: 1,
    });
  });

  it("answers a repeated clientMsgNo with the original message, sending nothing", async () => {
    const again = await engine.send({
      fromUid: USER,
      channelId: STAFF,
      channelType: 1,
      payload: text("第一条"),
      clientMsgNo: "engine-test-1",
    });
    expect(again).toMatchObject({ ok: true, messageSeq: 1, duplicate: true });
    expect(await staff.nothing(Op.RECV, 500)).toBe(true);
  });

  it("keeps a send without a red dot out of the unread count", async () => {
    const quiet = await engine.send({
      fromUid: USER,
      channelId: STAFF,
      channelType: 1,
      payload: text("静默"),
      redDot: false,
    });
    expect(quiet).toMatchObject({ ok: true, messageSeq: 2 });
    staff.recvack(await staff.next(Op.RECV));
    expect(await conversationState(database.db, STAFF, USER)).toMatchObject({
      last_msg_seq: 2,
      unread: 1,
    });
  });

  it("refuses what our gateway refuses, before WuKongIM sees it", async () => {
    const to = (channelId: string, payload = text("x")) =>
      engine.send({ fromUid: USER, channelId, channelType: 1, payload });
    expect(await to("nobody_here")).toMatchObject({
      ok: false,
      reason: ReasonCode.CHANNEL_NOT_EXIST,
    });
    expect(await to(STAFF, encodeUtf8("not json"))).toMatchObject({
      ok: false,
    });
    expect(await to(USER)).toMatchObject({
      ok: false,
      reason: ReasonCode.CHANNEL_ID_ERROR,
    });
  });

  it("pushes a command to the live socket from the system account, naming the chat", async () => {
    engine.notify({
      toUid: STAFF,
      channelId: USER,
      channelType: 1,
      cmd: "syncMessageExtra",
      param: { channel_id: USER },
    });
    const recv = await staff.next(Op.RECV);
    // WuKongIM shows its system account as an empty sender and files the message under it: the
    // chat rides in the payload.
    expect(recv.fromUID).toBe("");
    expect(recv.messageSeq).toBe(0);
    expect(staff.openRecv(recv)).toEqual({
      cmd: "syncMessageExtra",
      param: { channel_id: USER },
      channel_id: USER,
      channel_type: 1,
      type: ContentType.CMD,
    });
  });

  it("asks WuKongIM who is online", async () => {
    const ids = await database.db
      .select({ id: users.id, imId: users.imId })
      .from(users);
    const idOf = (imId: string) => ids.find((u) => u.imId === imId)!.id;
    const online = await engine.onlineOf([idOf(USER), idOf(STAFF)]);
    expect([...online]).toEqual([idOf(STAFF)]);
  });

  it("copies into the mirror what a client sent straight to WuKongIM", async () => {
    const ack = await staff.sendAndAck(
      { type: ContentType.TEXT, content: "回复" },
      { channelId: USER },
    );
    expect(ack.reasonCode).toBe(ReasonCode.SUCCESS);
    expect(await conversationState(database.db, USER, STAFF)).toMatchObject({
      last_msg_seq: 2,
    });
    // WuKongIM stores a message a moment after its SENDACK.
    await expect
      .poll(() => engine.catchUpChat(USER, STAFF), {
        timeout: 5_000,
        interval: 100,
      })
      .toBeGreaterThan(0);
    expect(await conversationState(database.db, USER, STAFF)).toMatchObject({
      last_msg_seq: 3,
      unread: 1,
    });
    expect(await engine.catchUpChat(USER, STAFF)).toBe(0);
  });

  it("fills a hole when a later message reached the mirror first", async () => {
    // msg.offline (~100 ms after a send) can bring a message before the msg.notify batch
    // (every 500 ms) brings the ones before it.
    for (const content of ["早", "晚"])
      await staff.sendAndAck(
        { type: ContentType.TEXT, content },
        { channelId: USER },
      );
    const read = () =>
      node.api.syncChannelMessages({
        login_uid: USER,
        channel_id: STAFF,
        channel_type: 1,
        start_message_seq: 4,
        end_message_seq: 0,
        limit: 10,
        pull_mode: 1,
      });
    await expect
      .poll(async () => (await read()).messages.length, { timeout: 5_000 })
      .toBe(2);
    const later = (await read()).messages.find((m) => m.message_seq === 5)!;
    await mirrorMessages(database.db, [toMirrored(later)]);
    expect(await conversationState(database.db, USER, STAFF)).toMatchObject({
      last_msg_seq: 5,
    });
    expect(await engine.catchUpChat(USER, STAFF)).toBe(2);
    const seqs = rowsOf<{ message_seq: number }>(
      await database.db.execute(sql`
        select message_seq from im_messages where from_uid = ${STAFF} order by message_seq`),
    ).map((r) => r.message_seq);
    expect(seqs).toEqual([3, 4, 5]);
  });

  it("refuses a user's command or notice; one sent straight to WuKongIM is not the system's", async () => {
    const forgedNotice = encodeUtf8(
      JSON.stringify({ type: 1001, content: "{0} 已将订单标记为已支付" }),
    );
    expect(
      await engine.send({
        fromUid: USER,
        channelId: STAFF,
        channelType: 1,
        payload: forgedNotice,
      }),
    ).toMatchObject({
      ok: false,
      reason: ReasonCode.NOT_ALLOW_SEND,
      refusal: "server_only_type",
    });
    // WuKongIM itself does not check content types (#19): what the client sees is who sent it,
    // and no person shows as the system's empty sender.
    const user = await ImTestClient.connect(node.wsUrl, {
      uid: USER,
      token: `token-${USER}`,
    });
    try {
      const forgedCommand = { type: ContentType.CMD, cmd: "syncReminders" };
      const clientMsgNo = "forged-command-1";
      const ack = await user.sendAndAck(forgedCommand, {
        channelId: STAFF,
        clientMsgNo,
      });
      expect(ack.reasonCode).toBe(ReasonCode.SUCCESS);
      const recv = await staff.next(
        Op.RECV,
        (f) => f.clientMsgNo === clientMsgNo,
      );
      expect(recv.fromUID).toBe(USER);
      expect(isFromSystem(recv.fromUID)).toBe(false);
      expect(
        trustedCommandChannel({
          fromUid: recv.fromUID,
          channelId: recv.channelID,
          channelType: recv.channelType,
          content: staff.openRecv(recv) as Record<string, unknown>,
        }),
      ).toBeNull();
    } finally {
      await user.close();
    }
  });
});

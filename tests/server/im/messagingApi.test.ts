// The messaging REST API over real HTTP with live WebSocket clients: sendMessage (same path as SEND),
// getVirtual + serviceSend, unread / setUnread / delete, profiles, messageSync paging, the
// conversation list (filters, incremental by version), read receipts, extras sync, revoke,
// reminders, the 403 rules (login_uid, channels the caller is not a party of) and OpenAPI.
import { sql } from "drizzle-orm";
import { Op } from "#protocol";
import {
  createReminder,
  ReminderType,
} from "../../../server/domain/messenger/reminders";
import type { ImCommand } from "../../../server/domain/messenger/ImEngine";
import { call } from "../../support/server/accountsApi";
import { testClock } from "../../support/testClock";
import { describeEachDatabase } from "../../support/server/testDb";
import { storedMessages } from "../../support/server/im/imQueries";
import { ImTestClient } from "../../support/server/im/ImTestClient";
import {
  type ImServer,
  type ImUser,
  signIn,
  startImServer,
} from "../../support/server/im/imServer";

const b64 = (json: unknown) =>
  Buffer.from(JSON.stringify(json)).toString("base64");
const text = (content: string) => ({ content, type: 1 });

describeEachDatabase("messaging API", (database) => {
  let server: ImServer;
  const clock = testClock();
  const clients: ImTestClient[] = [];
  const api = (
    user: ImUser,
    method: "GET" | "POST",
    path: string,
    body?: unknown,
  ) =>
    call(server, method, path, {
      token: user.tokens.app_token,
      ...(body === undefined ? {} : { body }),
    });
  const send = (
    from: ImUser,
    to: ImUser,
    content: unknown,
    extra: Record<string, unknown> = {},
  ) =>
    api(from, "POST", "wuKong/v1/sendMessage", {
      channel_id: to.imId,
      channel_type: 1,
      payload: b64(content),
      ...extra,
    });
  const connect = async (user: ImUser, version = 4) => {
    const client = await ImTestClient.connect(server.imUrl, {
      uid: user.imId,
      token: user.imToken,
      version,
    });
    clients.push(client);
    return client;
  };
  const setFlags = async (
    user: ImUser,
    flags: { isService?: 0 | 1; isMonk?: 0 | 1 },
  ) => {
    await server.db.execute(sql`
      update users set is_service = ${flags.isService ?? 0}, is_monk = ${flags.isMonk ?? 0}
      where id = ${user.userId}`);
  };

  beforeAll(async () => {
    server = await startImServer({ database, clock });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.kill();
  });
  afterAll(() => server.close());

  it("sendMessage stores, de-duplicates and delivers like SEND; refusals are 403 / 400 / 401", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const bobLive = await connect(bob, 2);
    const aliceLive = await connect(alice, 5);
    const sent = await send(alice, bob, text("over HTTP"), {
      client_msg_no: "http-1",
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({
      message_seq: 1,
      client_msg_no: "http-1",
      channel_id: bob.imId,
      channel_type: 1,
    });
    expect(String(sent.body.data.message_id)).toBe(
      sent.body.data.message_idstr,
    );
    const recv = await bobLive.next(Op.RECV);
    expect(recv.channelID).toBe(alice.imId);
    expect(bobLive.openRecv(recv)).toEqual(text("over HTTP"));
    const copy = await aliceLive.next(Op.RECV);
    expect(copy).toMatchObject({ channelID: bob.imId, redDot: false });

    const again = await send(alice, bob, text("over HTTP"), {
      client_msg_no: "http-1",
    });
    expect(again.body.data.message_idstr).toBe(sent.body.data.message_idstr);
    const asObject = await api(alice, "POST", "wuKong/v1/sendMessage", {
      channel_id: bob.imId,
      payload: { content: "as an object", type: 1 },
    });
    expect(asObject.body.data.message_seq).toBe(2);
    // NOTE: the batch statement carries payloads as a dollar-quoted literal in PGlite; quotes,
    // dollar tags and backslashes must arrive byte for byte.
    const tricky = text(
      "it's $j0$ $j1$ \\' -- $$; drop table im_messages; \u0000 ✓",
    );
    expect((await send(alice, bob, tricky)).body.data.message_seq).toBe(3);
    const storedNow = await storedMessages(server.db, alice.imId);
    expect(JSON.parse(storedNow[2]!.payload)).toEqual(tricky);
    expect(storedNow).toHaveLength(3);

    const forbidden = [
      await send(alice, { ...bob, imId: "nobody_at_all" }, text("x")),
      await send(alice, alice, text("me")),
      await send(alice, bob, text("group"), { channel_type: 2 }),
    ];
    for (const r of forbidden)
      expect([r.status, r.body.code]).toEqual([403, 403]);
    const badPayloads = [
      await send(alice, bob, "not an object"),
      await api(alice, "POST", "wuKong/v1/sendMessage", {
        channel_id: bob.imId,
        payload: "%%%",
      }),
      await send(alice, bob, { content: "no type" }),
    ];
    for (const r of badPayloads) expect(r.status).toBe(400);
    // Commands and system notices are the server's alone (#19), on both send routes.
    await setFlags(bob, { isService: 1 });
    const reserved = [
      await send(alice, bob, {
        type: 1001,
        content: "{0} 已将订单标记为已支付",
        extra: [{ uid: alice.imId, name: "客服" }],
      }),
      await send(alice, bob, { type: 99, cmd: "syncReminders" }),
      await api(alice, "POST", "wuKong/v1/serviceSend", {
        payload: { type: 1500, content: "请联系 {0}" },
      }),
    ];
    await setFlags(bob, { isService: 0 });
    for (const r of reserved)
      expect([r.status, r.body.reason]).toEqual([400, "MESSAGE_TYPE_RESERVED"]);
    // An image links only to a file stored here (#19).
    const foreign = await send(alice, bob, {
      type: 2,
      url: "https://evil.example/x.png",
      width: 1,
      height: 1,
    });
    expect([foreign.status, foreign.body.reason]).toEqual([
      400,
      "MESSAGE_IMAGE_URL_REFUSED",
    ]);
    const anonymous = await call(server, "POST", "wuKong/v1/sendMessage", {
      body: { channel_id: bob.imId, payload: b64(text("x")) },
    });
    expect(anonymous.status).toBe(401);
    expect(await storedMessages(server.db, alice.imId)).toHaveLength(3);
  });

  it("getVirtual assigns the least-loaded service staff, sticks to it, and serviceSend goes there", async () => {
    const staff2 = await signIn(server, clock);
    await setFlags(staff2, { isService: 1 });
    const customers = await Promise.all(
      [1, 2, 3, 4].map(() => signIn(server, clock)),
    );
    const assigned = [];
    for (const c of customers) {
      const r = await api(c, "GET", "oapi/v1/getVirtual");
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ isService: 1, channel_type: 1 });
      expect(r.body.data.channel_id).toBe(r.body.data.imId);
      assigned.push(r.body.data.imId as string);
    }
    const counts = new Map<string, number>();
    for (const id of assigned) counts.set(id, (counts.get(id) ?? 0) + 1);
    const staffCounts = [...counts.values()].sort();
    expect(
      staffCounts[staffCounts.length - 1]! - staffCounts[0]!,
    ).toBeLessThanOrEqual(1);
    expect(counts.get(staff2.imId)).toBeGreaterThan(0);
    const again = await api(customers[0]!, "GET", "oapi/v1/getVirtual");
    expect(again.body.data.imId).toBe(assigned[0]);

    const sent = await api(customers[0]!, "POST", "wuKong/v1/serviceSend", {
      payload: b64(text("help")),
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data.channel_id).toBe(assigned[0]);
    const stored = await storedMessages(server.db, customers[0]!.imId);
    expect(stored.map((m) => m.to_uid)).toEqual([assigned[0]]);
    await setFlags(staff2, { isService: 0 });
    const moved = await Promise.all(
      customers.map(
        async (c) =>
          (await api(c, "GET", "oapi/v1/getVirtual")).body.data.imId as string,
      ),
    );
    expect(moved.includes(staff2.imId)).toBe(false);
  });

  it("unread counts, setUnread, delete (hidden until a new message; old history stays hidden)", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const carol = await signIn(server, clock);
    for (const n of [1, 2, 3]) await send(alice, bob, text(`a${n}`));
    await send(carol, bob, text("c1"));
    await send(alice, bob, text("quiet"), { header: { red_dot: 0 } });
    const unread = async () =>
      (await api(bob, "GET", "wuKong/v1/conversations/unreadCount")).body.data
        .unread;
    expect(await unread()).toBe(4);
    const read = await api(bob, "POST", "wuKong/v1/conversations/setUnread", {
      channel_id: alice.imId,
    });
    expect(read.body.data).toMatchObject({
      channel_id: alice.imId,
      unread: 0,
      readed_to_msg_seq: 4,
    });
    expect(await unread()).toBe(1);
    const none = await api(bob, "POST", "wuKong/v1/conversations/setUnread", {
      channel_id: bob.imId,
    });
    expect(none.status).toBe(403);

    const deleted = await api(bob, "POST", "wuKong/v1/conversations/delete", {
      channel_id: carol.imId,
      channel_type: 1,
    });
    expect(deleted.status).toBe(200);
    expect(await unread()).toBe(0);
    const list = async () =>
      (await api(bob, "GET", "wuKong/v1/conversationList")).body.data as any[];
    expect((await list()).map((c) => c.channel_id)).toEqual([alice.imId]);
    const sync = (peer: ImUser) =>
      api(bob, "POST", "wuKong/v1/messageSync", {
        login_uid: bob.imId,
        channel_id: peer.imId,
        channel_type: 1,
        limit: 50,
      });
    expect((await sync(carol)).body.data.messages).toEqual([]);
    await send(carol, bob, text("c2"));
    expect((await list()).map((c) => c.channel_id).sort()).toEqual(
      [alice.imId, carol.imId].sort(),
    );
    const after = (await sync(carol)).body.data.messages as any[];
    expect(
      after.map((m) => JSON.parse(Buffer.from(m.payload, "base64").toString())),
    ).toEqual([text("c2")]);
    expect(await unread()).toBe(1);
  });

  it("profiles: nickname, avatar, flags, online and last offline; 404 for unknown ids", async () => {
    const alice = await signIn(server, clock);
    const monk = await signIn(server, clock);
    await setFlags(monk, { isMonk: 1 });
    const profile = async () =>
      (await api(alice, "GET", `user/v1/targetInfoByIm?imId=${monk.imId}`)).body
        .data;
    expect(await profile()).toMatchObject({
      imId: monk.imId,
      isMonk: 1,
      isService: 0,
      online: false,
      lastOffline: 0,
    });
    expect(typeof (await profile()).nickname).toBe("string");
    const live = await connect(monk);
    expect((await profile()).online).toBe(true);
    const before = Math.floor(clock.now / 1000);
    await live.close();
    await new Promise((r) => setTimeout(r, 1_300));
    const offline = await profile();
    expect(offline.online).toBe(false);
    expect(offline.lastOffline).toBeGreaterThanOrEqual(before);
    const info = await api(alice, "GET", `user/v1/infoByIm?imId=${monk.imId}`);
    expect(info.body.data).toEqual(offline);
    expect(
      (await api(alice, "GET", "user/v1/infoByIm?imId=ghost")).status,
    ).toBe(404);
  });

  it("messageSync pages older and newer with `more`, and refuses login_uid / channels that are not mine (403)", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    for (let i = 1; i <= 7; i++)
      await send(i % 2 ? alice : bob, i % 2 ? bob : alice, text(`m${i}`));
    const sync = (body: Record<string, unknown>, as: ImUser = bob) =>
      api(as, "POST", "wuKong/v1/messageSync", {
        login_uid: as.imId,
        channel_id: as === bob ? alice.imId : bob.imId,
        channel_type: 1,
        ...body,
      });
    const seqs = (r: any) =>
      (r.body.data.messages as any[]).map((m) => m.message_seq);
    const latest = await sync({ limit: 3 });
    expect(seqs(latest)).toEqual([5, 6, 7]);
    expect(latest.body.data.more).toBe(1);
    const older = await sync({ limit: 3, pull_mode: 0, start_message_seq: 4 });
    expect(seqs(older)).toEqual([2, 3, 4]);
    expect(older.body.data.more).toBe(1);
    const oldest = await sync({ limit: 3, pull_mode: 0, start_message_seq: 1 });
    expect([seqs(oldest), oldest.body.data.more]).toEqual([[1], 0]);
    const newer = await sync({ limit: 4, pull_mode: 1, start_message_seq: 3 });
    expect([seqs(newer), newer.body.data.more]).toEqual([[3, 4, 5, 6], 1]);
    const bounded = await sync({
      limit: 10,
      pull_mode: 1,
      start_message_seq: 3,
      end_message_seq: 5,
    });
    expect([seqs(bounded), bounded.body.data.more]).toEqual([[3, 4], 0]);
    const m = latest.body.data.messages[2];
    expect(m).toMatchObject({
      message_seq: 7,
      from_uid: alice.imId,
      channel_id: alice.imId,
      channel_type: 1,
      header: { red_dot: 1, no_persist: 0, sync_once: 0 },
      revoke: 0,
      is_deleted: 0,
      stream_no: "",
      message_extra: null,
    });
    expect(JSON.parse(Buffer.from(m.payload, "base64").toString())).toEqual(
      text("m7"),
    );
    const fromAlice = await sync({ limit: 1 }, alice);
    expect(fromAlice.body.data.messages[0].channel_id).toBe(bob.imId);

    const wrongLogin = await api(bob, "POST", "wuKong/v1/messageSync", {
      login_uid: alice.imId,
      channel_id: alice.imId,
      channel_type: 1,
    });
    expect([wrongLogin.status, wrongLogin.body.code]).toEqual([403, 403]);
    const group = await sync({ channel_type: 2 });
    expect(group.status).toBe(403);
    const unknown = await api(bob, "POST", "wuKong/v1/messageSync", {
      login_uid: bob.imId,
      channel_id: "not_a_user",
      channel_type: 1,
    });
    expect(unknown.status).toBe(403);
  });

  it("conversationList: recents, peer profile, role filter and incremental sync by version", async () => {
    const me = await signIn(server, clock);
    const monk = await signIn(server, clock);
    const staff = await signIn(server, clock);
    const friend = await signIn(server, clock);
    await setFlags(monk, { isMonk: 1 });
    await setFlags(staff, { isService: 1 });
    await send(monk, me, text("blessings"));
    await send(staff, me, text("how can I help"));
    await send(friend, me, text("hi"));
    await send(friend, me, text("hi again"));
    const list = async (query = "") =>
      (await api(me, "GET", `wuKong/v1/conversationList${query}`)).body
        .data as any[];
    const all = await list("?msg_count=2");
    expect(all.map((c) => c.channel_id)).toHaveLength(3);
    const withFriend = all.find((c) => c.channel_id === friend.imId);
    expect(withFriend).toMatchObject({
      channel_type: 1,
      unread: 2,
      last_msg_seq: 2,
      is_deleted: 0,
      userInfo: { imId: friend.imId, isService: 0, isMonk: 0 },
    });
    expect(withFriend.recents.map((m: any) => m.message_seq)).toEqual([1, 2]);
    expect((await list("?type=monk")).map((c) => c.channel_id)).toEqual([
      monk.imId,
    ]);
    expect((await list("?type=service")).map((c) => c.channel_id)).toEqual([
      staff.imId,
    ]);
    expect(
      (await api(me, "GET", "wuKong/v1/conversationList?type=vip")).status,
    ).toBe(400);

    const version = Math.max(...all.map((c) => c.version));
    expect(await list(`?version=${version}`)).toEqual([]);
    await send(monk, me, text("more blessings"));
    await api(me, "POST", "wuKong/v1/conversations/delete", {
      channel_id: staff.imId,
      channel_type: 1,
    });
    const changed = await list(`?version=${version}`);
    expect(changed.map((c) => [c.channel_id, c.is_deleted]).sort()).toEqual(
      [
        [monk.imId, 0],
        [staff.imId, 1],
      ].sort(),
    );
    expect(Math.min(...changed.map((c) => c.version))).toBeGreaterThan(version);
  });

  it("read receipts (receipt messages I received), extras sync, and the sender is told to sync", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const aliceLive = await connect(alice, 5);
    const receipt = await send(alice, bob, text("please confirm"), {
      setting: 0x80,
    });
    const plain = await send(alice, bob, text("no receipt"));
    const mine = await send(bob, alice, text("bob's own"), { setting: 0x80 });
    const ids = [receipt, plain, mine].map(
      (r) => r.body.data.message_idstr as string,
    );
    const readed = await api(bob, "POST", "wuKong/v1/messageReaded", {
      channel_id: alice.imId,
      channel_type: 1,
      message_ids: ids,
    });
    expect(readed.body.data.updated).toEqual([ids[0]]);
    const cmd = await aliceLive.next(
      Op.RECV,
      (f) => f.messageSeq === 0 && f.fromUID === "",
    );
    expect(cmd.channelID).toBe(bob.imId);
    expect(aliceLive.openRecv(cmd)).toEqual({
      cmd: "syncMessageExtra",
      param: { channel_id: bob.imId, channel_type: 1 },
      channel_id: bob.imId,
      channel_type: 1,
      type: 99,
    });
    const again = await api(bob, "POST", "wuKong/v1/messageReaded", {
      channel_id: alice.imId,
      channel_type: 1,
      message_ids: [ids[0]],
    });
    expect(again.body.data.updated).toEqual([]);

    const extras = await api(alice, "POST", "wuKong/v1/messageExtraSync", {
      channel_id: bob.imId,
      channel_type: 1,
      extra_version: 0,
      login_uid: alice.imId,
    });
    expect(extras.body.data).toHaveLength(1);
    expect(extras.body.data[0]).toMatchObject({
      message_id_str: ids[0],
      readed: 1,
      readed_count: 1,
      unread_count: 0,
      revoke: 0,
    });
    expect(extras.body.data[0].readed_at).toBeGreaterThan(0);
    const v = extras.body.data[0].extra_version;
    const none = await api(alice, "POST", "wuKong/v1/messageExtraSync", {
      channel_id: bob.imId,
      channel_type: 1,
      extra_version: v,
    });
    expect(none.body.data).toEqual([]);

    const carol = await signIn(server, clock);
    const foreign = await api(carol, "POST", "wuKong/v1/messageReaded", {
      channel_id: alice.imId,
      channel_type: 1,
      message_ids: [ids[0]],
    });
    expect(foreign.status).toBe(403);
    const tooMany = await api(alice, "POST", "wuKong/v1/messageExtraSync", {
      channel_id: bob.imId,
      channel_type: 1,
      extra_version: 0,
      limit: 101,
    });
    expect(tooMany.status).toBe(400);
  });

  it("revoke: the sender within 2 minutes; both sides see it in extras and messageSync", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const bobLive = await connect(bob, 2);
    const sent = await send(alice, bob, text("oops"));
    const id = sent.body.data.message_idstr as string;
    bobLive.recvack(await bobLive.next(Op.RECV));
    const byBob = await api(bob, "POST", "wuKong/v1/revoke", {
      channel_id: alice.imId,
      channel_type: 1,
      message_id: id,
    });
    expect(byBob.status).toBe(403);
    const revoked = await api(alice, "POST", "wuKong/v1/revoke", {
      channel_id: bob.imId,
      channel_type: 1,
      message_id: id,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({
      message_id_str: id,
      revoke: 1,
      revoker: alice.imId,
    });
    const cmd = await bobLive.next(Op.RECV, (f) => f.messageSeq === 0);
    expect((bobLive.openRecv(cmd) as any).cmd).toBe("syncMessageExtra");
    for (const [who, peer] of [
      [bob, alice],
      [alice, bob],
    ] as const) {
      const extras = await api(who, "POST", "wuKong/v1/messageExtraSync", {
        channel_id: peer.imId,
        channel_type: 1,
        extra_version: 0,
      });
      expect(
        extras.body.data.map((e: any) => [e.message_id_str, e.revoke]),
      ).toEqual([[id, 1]]);
      const history = await api(who, "POST", "wuKong/v1/messageSync", {
        login_uid: who.imId,
        channel_id: peer.imId,
        channel_type: 1,
      });
      expect(history.body.data.messages[0]).toMatchObject({
        revoke: 1,
        message_extra: { revoke: 1 },
      });
    }
    const late = await send(alice, bob, text("too late to take back"));
    clock.advance(121_000);
    const refused = await api(alice, "POST", "wuKong/v1/revoke", {
      channel_id: bob.imId,
      channel_type: 1,
      message_id: late.body.data.message_idstr,
    });
    expect(refused.status).toBe(400);
  });

  it("reminders: created by the server, synced by version, marked done by their owner only", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const notified: ImCommand[] = [];
    const engine = { notify: (c: ImCommand) => notified.push(c) };
    const created = await createReminder(server.db, engine, {
      uid: alice.imId,
      channelId: "demo_service",
      reminderType: ReminderType.SIGN_AGREEMENT,
      text: "请签署协议",
      data: { contractId: 7 },
    });
    await createReminder(server.db, engine, {
      uid: bob.imId,
      channelId: "demo_service",
      reminderType: ReminderType.SIGN_AGREEMENT,
      text: "not Alice's",
    });
    expect(notified[0]).toMatchObject({
      toUid: alice.imId,
      cmd: "syncReminders",
    });
    const sync = async (version: number) =>
      (await api(alice, "POST", "wuKong/v1/reminders/sync", { version })).body
        .data as any[];
    const first = await sync(0);
    expect(first).toEqual([
      {
        id: created.id,
        reminder_type: 101,
        channel_id: "demo_service",
        channel_type: 1,
        uid: alice.imId,
        text: "请签署协议",
        data: { contractId: 7 },
        message_id: "",
        message_seq: 0,
        client_msg_no: "",
        is_locate: 0,
        version: created.version,
        done: 0,
      },
    ]);
    expect(await sync(created.version)).toEqual([]);
    const foreign = await sync(0);
    const bobs = (
      await api(bob, "POST", "wuKong/v1/reminders/sync", { version: 0 })
    ).body.data as any[];
    const notMine = await api(alice, "POST", "wuKong/v1/reminders/done", {
      ids: [bobs[0].id],
    });
    expect(notMine.status).toBe(403);
    const done = await api(alice, "POST", "wuKong/v1/reminders/done", {
      ids: [created.id],
    });
    expect(done.status).toBe(200);
    const changed = await sync(created.version);
    expect(changed).toMatchObject([{ id: created.id, done: 1 }]);
    expect(changed[0].version).toBeGreaterThan(created.version);
    expect(foreign).toHaveLength(1);
  });

  it("documents every messaging route in OpenAPI", async () => {
    const doc = await (await fetch(`${server.baseUrl}/api/docs/json`)).json();
    for (const path of [
      "/api/app/wuKong/v1/sendMessage",
      "/api/app/oapi/v1/getVirtual",
      "/api/app/wuKong/v1/serviceSend",
      "/api/app/wuKong/v1/conversations/setUnread",
      "/api/app/wuKong/v1/conversations/unreadCount",
      "/api/app/wuKong/v1/conversations/delete",
      "/api/app/user/v1/targetInfoByIm",
      "/api/app/user/v1/infoByIm",
      "/api/app/wuKong/v1/messageSync",
      "/api/app/wuKong/v1/conversationList",
      "/api/app/wuKong/v1/messageReaded",
      "/api/app/wuKong/v1/messageExtraSync",
      "/api/app/wuKong/v1/revoke",
      "/api/app/wuKong/v1/reminders/sync",
      "/api/app/wuKong/v1/reminders/done",
    ])
      expect(Object.keys(doc.paths)).toContain(path);
  });
});

// Issue #9 (chaos gate), found by the reading round of `npm run chaos`: the worker told the server
// "unread 0" up to 2 s after the user read a thread, which also marked read what arrived meanwhile
// (after the user had left). setUnread now takes `message_seq`: read up to that seq, never back.
import { call } from "../../support/server/accountsApi";
import { testClock } from "../../support/testClock";
import { describeEachDatabase } from "../../support/server/testDb";
import {
  type ImServer,
  type ImUser,
  signIn,
  startImServer,
} from "../../support/server/im/imServer";

const b64 = (json: unknown) =>
  Buffer.from(JSON.stringify(json)).toString("base64");

describeEachDatabase("setUnread up to a seq (issue #9)", (database) => {
  let server: ImServer;
  const clock = testClock();
  beforeAll(async () => {
    server = await startImServer({ database, clock });
  });
  afterAll(() => server.close());

  const api = (user: ImUser, path: string, body?: unknown) =>
    call(server, body === undefined ? "GET" : "POST", path, {
      token: user.tokens.app_token,
      ...(body === undefined ? {} : { body }),
    });

  it("marks read up to message_seq only; a late or older mark never un-reads", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    for (const n of [1, 2, 3, 4, 5]) {
      const sent = await api(alice, "wuKong/v1/sendMessage", {
        channel_id: bob.imId,
        channel_type: 1,
        payload: b64({ content: `m${n}`, type: 1 }),
      });
      expect(sent.status).toBe(200);
    }
    const mark = (body: Record<string, unknown>) =>
      api(bob, "wuKong/v1/conversations/setUnread", {
        channel_id: alice.imId,
        channel_type: 1,
        ...body,
      });

    // Bob read seqs 1–2 on his device; 3–5 arrived after he left the thread.
    const read = await mark({ message_seq: 2 });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ unread: 3, readed_to_msg_seq: 2 });

    // A mark from a device that had read less arrives late: the read point stays.
    expect((await mark({ message_seq: 1 })).body.data).toMatchObject({
      unread: 3,
      readed_to_msg_seq: 2,
    });
    // message_seq wins over unread; beyond the last seq it means "all".
    expect(
      (await mark({ message_seq: 99, unread: 4 })).body.data,
    ).toMatchObject({ unread: 0, readed_to_msg_seq: 5 });
    expect(
      (await api(bob, "wuKong/v1/conversations/unreadCount")).body.data,
    ).toEqual({ unread: 0 });
    // The count form still works as before (it may mark unread again).
    expect((await mark({ unread: 2 })).body.data).toMatchObject({
      unread: 2,
      readed_to_msg_seq: 3,
    });
    expect((await mark({ message_seq: -1 })).status).toBe(400);
  });
});

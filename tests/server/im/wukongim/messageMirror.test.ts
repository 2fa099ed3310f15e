// The read-through index of WuKongIM's messages: mirrored rows are what our own read side (the
// conversation list, unread, messageSync) answers from with IM_ENGINE=wukongim, so these tests
// read them back through those functions, on PGlite and on PostgreSQL.
import { afterEach, beforeEach, expect, it } from "vitest";
import { ContentType, HeaderFlag } from "#protocol";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "../../../support/server/testDb";
import {
  mirrorMessages,
  type MirroredMessage,
} from "../../../../server/im/wukongim/messageMirror";
import {
  conversationState,
  listConversations,
  unreadTotal,
} from "../../../../server/domain/messenger/conversations";
import { syncMessages } from "../../../../server/domain/messenger/messageSync";
import { personalChannelKey } from "../../../../server/domain/messenger/channelKey";
import type { AuthContext } from "../../../../server/domain/auth/sessions";

const USER = "demo_user";
const STAFF = "demo_service";
const offline = { onlineOf: () => Promise.resolve(new Set<number>()) };

/** WuKongIM's ids are snowflakes past 2^53: the mirror must keep every digit. */
const BASE_ID = 2n ** 60n + 12345n;

function message(
  seq: number,
  from: string,
  text: string,
  overrides: Partial<MirroredMessage> = {},
): MirroredMessage {
  const type = overrides.contentType ?? ContentType.TEXT;
  return {
    messageId: BASE_ID + BigInt(seq),
    messageSeq: seq,
    clientMsgNo: `cmn-${String(seq)}`,
    fromUid: from,
    toUid: from === USER ? STAFF : USER,
    channelType: 1,
    header: HeaderFlag.RED_DOT,
    setting: 0,
    expire: 0,
    topic: null,
    timestamp: 1_790_000_000 + seq,
    payload: JSON.stringify({ type, content: text }),
    contentType: type,
    ...overrides,
  };
}

describeEachDatabase("mirrorMessages", (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await database.close();
  });

  const me = { imId: USER } as AuthContext;
  const staffPeer = {
    imId: STAFF,
    channelKey: personalChannelKey(USER, STAFF),
  } as Parameters<typeof syncMessages>[2];

  it("stores messages once, in seq order, with WuKongIM's ids and seqs", async () => {
    const { db } = database;
    const first = [message(1, STAFF, "一"), message(2, STAFF, "二")];
    expect(await mirrorMessages(db, first)).toEqual([
      {
        channelKey: personalChannelKey(USER, STAFF),
        channelType: 1,
        lastSeq: 2,
      },
    ]);
    // The webhook and a repair sync may both bring a message: nothing changes the second time.
    expect(await mirrorMessages(db, [message(2, STAFF, "二")])).toEqual([]);

    const page = await syncMessages(db, me, staffPeer, {
      startMessageSeq: 0,
      endMessageSeq: 0,
      limit: 50,
      pullMode: 1,
    });
    expect(page.messages.map((m) => [m.message_seq, m.message_idstr])).toEqual([
      [1, (BASE_ID + 1n).toString()],
      [2, (BASE_ID + 2n).toString()],
    ]);
    // As the viewer sees it: the peer's uid is the channel.
    expect(page.messages.every((m) => m.channel_id === STAFF)).toBe(true);
    expect(await unreadTotal(db, USER)).toBe(2);
    expect(await unreadTotal(db, STAFF)).toBe(0);
  });

  it("never moves a conversation backwards when an older message arrives late", async () => {
    const { db } = database;
    await mirrorMessages(db, [
      message(1, STAFF, "一"),
      message(3, STAFF, "三"),
    ]);
    const before = await conversationState(db, USER, STAFF);
    expect(before).toMatchObject({ last_msg_seq: 3, unread: 2 });
    await mirrorMessages(db, [message(2, STAFF, "二")]);
    const after = await conversationState(db, USER, STAFF);
    expect(after).toMatchObject({ last_msg_seq: 3, unread: 3 });
    // The late message changed what the user has to read: incremental syncs must see it.
    expect(after!.version).toBeGreaterThan(before!.version);
    const [listed] = await listConversations(db, offline, USER, {
      filter: "service",
      version: 0,
      msgCount: 1,
      limit: 10,
    });
    expect(listed).toMatchObject({
      channel_id: STAFF,
      unread: 3,
      last_msg_seq: 3,
    });
    expect(listed!.recents.map((m) => m.message_seq)).toEqual([3]);
  });

  it("counts what the user sent as read, and leaves conversations alone for commands", async () => {
    const { db } = database;
    await mirrorMessages(db, [
      message(1, STAFF, "一"),
      message(2, USER, "我"),
      message(3, STAFF, "", {
        contentType: ContentType.CMD,
        header: 0,
        payload: JSON.stringify({ type: ContentType.CMD, cmd: "x" }),
      }),
    ]);
    expect(await conversationState(db, USER, STAFF)).toMatchObject({
      last_msg_seq: 2,
      unread: 0,
      readed_to_msg_seq: 2,
    });
    expect(await conversationState(db, STAFF, USER)).toMatchObject({
      unread: 1,
    });
  });

  it("skips messages WuKongIM did not store (seq 0)", async () => {
    expect(
      await mirrorMessages(database.db, [message(0, STAFF, "live only")]),
    ).toEqual([]);
    expect(await conversationState(database.db, USER, STAFF)).toBeNull();
  });
});

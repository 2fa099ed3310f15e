// Two app servers with IM_ENGINE=wukongim on one database in front of a real WuKongIM v2.2.5 node
// (the user signs in through one, the staff member through the other): browsers are told to
// connect to WuKongIM, the IM token of user/v1/info opens a WuKongIM socket, users chat through it,
// our REST read side (conversationList, unread, setUnread, messageSync) answers the same on both
// servers from what WuKongIM stored, a send through our API reaches WuKongIM, logout on one server
// drops the socket and its token, the webhook refuses a call without the secret, and health says
// when WuKongIM is gone. On PGlite (shared in-process) and PostgreSQL.
import { afterAll, beforeAll, expect, it } from "vitest";
import { ContentType, Op, ReasonCode } from "#protocol";
import {
  call,
  signInWithPhone,
  type Tokens,
} from "../../../support/server/accountsApi";
import { describeEachDatabase } from "../../../support/server/testDb";
import type { TestServer } from "../../../support/server/testServer";
import {
  WUKONGIM_SKIP_REASON,
  wukongimBinary,
} from "../../../support/wukongim/wukongimBinary";
import type { WukongImNode } from "../../../support/wukongim/wukongimNode";
import { connectUser } from "../../../support/wukongim/wukongimUsers";
import {
  startTwoAppServers,
  type TwoAppServers,
} from "../../../support/wukongim/twoAppServers";
import { ImTestClient } from "../../../support/server/im/ImTestClient";

const binary = await wukongimBinary();
if (binary === null) console.warn(WUKONGIM_SKIP_REASON);

const SECRET = "webhook-secret-for-the-test-0123456789";

interface Person {
  tokens: Tokens;
  imId: string;
  imToken: string;
}

describeEachDatabase("IM_ENGINE=wukongim", (kind) => {
  if (binary === null) return;
  let node: WukongImNode;
  let server: TestServer;
  let other: TestServer;
  let user: Person;
  let staff: Person;

  const signIn = async (
    through: TestServer,
    phone: string,
  ): Promise<Person> => {
    const tokens = await signInWithPhone(through, phone);
    const info = await call(through, "GET", "user/v1/info", {
      token: tokens.app_token,
    });
    expect(info.status).toBe(200);
    return {
      tokens,
      imId: info.body.data.imId,
      imToken: info.body.data.imToken,
    };
  };
  const connect = (who: Person) =>
    connectUser(
      node.wsUrl,
      { uid: who.imId, token: who.imToken },
      undefined,
      () => node.output(),
    );

  let servers: TwoAppServers;
  beforeAll(async () => {
    servers = await startTwoAppServers({
      binary,
      database: kind,
      secret: SECRET,
    });
    ({ node, a: server, b: other } = servers);
    user = await signIn(server, "13800000001");
    staff = await signIn(other, "13800000002");
  });
  afterAll(() => servers.close());

  it("sends browsers to WuKongIM with a token it accepts", async () => {
    const config = await call(server, "GET", "oapi/v1/config");
    expect(config.body.data.imWsUrl).toBe(node.wsUrl);
    const client = await connect(user);
    expect(client.connack?.reasonCode).toBe(ReasonCode.SUCCESS);
    await client.close();
  });

  it("answers the conversation list, unread and history from what WuKongIM stored", async () => {
    const alice = await connect(user);
    const bob = await connect(staff);
    for (const content of ["一", "二", "三"]) {
      const ack = await alice.sendAndAck(
        { type: ContentType.TEXT, content },
        { channelId: staff.imId },
      );
      expect(ack.reasonCode).toBe(ReasonCode.SUCCESS);
      bob.recvack(await bob.next(Op.RECV));
    }
    const token = staff.tokens.app_token;
    const unread = async (through = other) =>
      (
        await call(through, "GET", "wuKong/v1/conversations/unreadCount", {
          token,
        })
      ).body.data.unread as number;
    await expect.poll(unread, { timeout: 10_000, interval: 200 }).toBe(3);
    expect(await unread(server)).toBe(3);
    const list = await call(server, "GET", "wuKong/v1/conversationList", {
      token,
    });
    expect(list.body.data).toMatchObject([
      { channel_id: user.imId, unread: 3, last_msg_seq: 3 },
    ]);
    const history = await call(server, "POST", "wuKong/v1/messageSync", {
      token,
      body: {
        login_uid: staff.imId,
        channel_id: user.imId,
        channel_type: 1,
        start_message_seq: 0,
        end_message_seq: 0,
        limit: 50,
        pull_mode: 1,
      },
    });
    const messages = history.body.data.messages as {
      message_seq: number;
      channel_id: string;
      from_uid: string;
    }[];
    expect(messages.map((m) => m.message_seq)).toEqual([1, 2, 3]);
    expect(messages.every((m) => m.channel_id === user.imId)).toBe(true);
    const read = await call(
      server,
      "POST",
      "wuKong/v1/conversations/setUnread",
      {
        token,
        body: { channel_id: user.imId, channel_type: 1, message_seq: 3 },
      },
    );
    expect(read.status).toBe(200);
    expect(await unread()).toBe(0);
    expect(await unread(server)).toBe(0);
    await alice.close();
    await bob.close();
  });

  it("delivers what our API sends through WuKongIM", async () => {
    const bob = await connect(staff);
    const sent = await call(server, "POST", "wuKong/v1/sendMessage", {
      token: user.tokens.app_token,
      body: {
        channel_id: staff.imId,
        payload: { type: ContentType.TEXT, content: "经由接口" },
        client_msg_no: "via-api-1",
      },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({
      message_seq: 4,
      client_msg_no: "via-api-1",
    });
    const recv = await bob.next(Op.RECV);
    expect(recv.messageID.toString()).toBe(sent.body.data.message_idstr);
    expect(bob.openRecv(recv)).toEqual({
      type: ContentType.TEXT,
      content: "经由接口",
    });
    await bob.close();
  });

  it(
    "drops the socket of a user who logs out, and refuses the old token",
    { timeout: 90_000 },
    async () => {
      const bob = await connect(staff);
      const out = await call(server, "GET", "user/v1/loginOut", {
        token: staff.tokens.app_token,
      });
      expect(out.status).toBe(200);
      // WuKongIM sends DISCONNECT 12 and leaves closing to the client (our worker closes).
      const kick = await bob.next(Op.DISCONNECT, () => true, 10_000);
      expect(kick.reasonCode).toBe(ReasonCode.CONNECT_KICK);
      await bob.close();
      const again = await ImTestClient.open(node.wsUrl);
      again.sendFrame(
        again.connectFrame({ uid: staff.imId, token: staff.imToken }),
      );
      // WuKongIM v2.2.5 refuses a wrong token by closing the socket, without a CONNACK (after ~6 s).
      await again.closed;
      expect(again.connack).toBeNull();
    },
  );

  it("refuses a webhook call without the secret, changing nothing", async () => {
    const forged = await fetch(
      new URL(
        "/api/app/im/v1/webhook/not-the-secret?event=msg.notify",
        server.baseUrl,
      ),
      {
        method: "POST",
        body: "[]",
        headers: { "content-type": "application/json" },
      },
    );
    expect(forged.status).toBe(403);
  });

  it("says in its health when WuKongIM stops answering", async () => {
    const up = await call(server, "GET", "oapi/v1/health");
    expect(up.status).toBe(200);
    expect(up.body.data.im).toEqual({ engine: "wukongim", ok: true });
    await node.kill9();
    const down = await call(server, "GET", "oapi/v1/health");
    expect(down.status).toBe(503);
    expect(down.body.data).toMatchObject({
      ok: false,
      database: { ok: true },
      im: { engine: "wukongim", ok: false },
    });
  });
});

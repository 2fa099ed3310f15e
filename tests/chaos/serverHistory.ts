// What the server stored and counts, read over its own REST API (the database belongs to the
// server process): a channel's whole history through messageSync, and a user's unread count.
import { call } from "../support/server/accountsApi";
import type { StoredMessage } from "./chaosChecks";
import type { ChaosUser } from "./chaosUsers";

const PAGE = 1_000;

interface WireMessage {
  client_msg_no: string;
  message_idstr: string;
  message_seq: number;
  from_uid: string;
  payload: string;
}

function textOf(payload: string): string {
  try {
    const content = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
    return typeof content?.content === "string" ? content.content : "";
  } catch {
    return "";
  }
}

/** Every message of the personal channel of `user` and `peer`, oldest first. */
export async function serverHistory(
  server: { readonly baseUrl: string },
  user: ChaosUser,
  peer: ChaosUser,
): Promise<StoredMessage[]> {
  const out: StoredMessage[] = [];
  let start = 1;
  for (;;) {
    const answer = await call(server, "POST", "wuKong/v1/messageSync", {
      token: user.tokens.app_token,
      body: {
        login_uid: user.imId,
        channel_id: peer.imId,
        channel_type: 1,
        start_message_seq: start,
        end_message_seq: 0,
        limit: PAGE,
        pull_mode: 1,
      },
    });
    if (answer.status !== 200)
      throw new Error(`messageSync: ${answer.status} ${answer.body.msg}`);
    const messages = answer.body.data.messages as WireMessage[];
    for (const m of messages)
      out.push({
        clientMsgNo: m.client_msg_no,
        messageId: m.message_idstr,
        messageSeq: m.message_seq,
        fromUid: m.from_uid,
        text: textOf(m.payload),
        status: "normal",
      });
    if (answer.body.data.more !== 1 || messages.length === 0) return out;
    start = Math.max(...messages.map((m) => m.message_seq)) + 1;
  }
}

/** The server's unread count of `user`'s conversation with `peer` (0 when there is none). */
export async function serverUnread(
  server: { readonly baseUrl: string },
  user: ChaosUser,
  peer: ChaosUser,
): Promise<number> {
  const answer = await call(
    server,
    "GET",
    "wuKong/v1/conversationList?msg_count=0",
    {
      token: user.tokens.app_token,
    },
  );
  if (answer.status !== 200)
    throw new Error(`conversationList: ${answer.status} ${answer.body.msg}`);
  const data = answer.body.data;
  const list = (
    Array.isArray(data) ? data : (data.conversations ?? data.list ?? [])
  ) as {
    channel_id: string;
    unread: number;
  }[];
  return list.find((c) => c.channel_id === peer.imId)?.unread ?? 0;
}

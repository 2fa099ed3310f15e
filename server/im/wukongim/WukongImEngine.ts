// The ImEngine over a real WuKongIM (IM_ENGINE=wukongim): what the server sends — users' HTTP
// sends, system notices, agreements, commands — goes through WuKongIM's /message/send with the
// same checks our gateway makes on a SEND, and is acknowledged only once WuKongIM has stored it.
// /message/send answers before the message is stored (it only queues it), so the engine reads the
// channel back (/channel/messagesync) until the message is there, copying what it reads into our
// mirror (messageMirror.ts) — which also gives the seq the caller reports. Presence is WuKongIM's
// (/user/onlinestatus, every node of a cluster).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { ChannelType, HeaderFlag, ReasonCode, SYSTEM_UID } from "#protocol";
import type { Db } from "../../db/createDb";
import { personalChannelKey } from "../../domain/messenger/channelKey";
import type {
  ImCommand,
  ImEngine,
  ImHealth,
  ImSendRequest,
  ImSendResult,
} from "../../domain/messenger/ImEngine";
import { rowsOf } from "../../domain/messenger/wireMessage";
import type { Clock } from "../../providers/lib/runtime";
import { OrderedImageChecks, type MediaStore } from "../imageUrlRule";
import { checkSend } from "../sendRules";
import { commandPayload } from "../commandPayload";
import { InflightSends } from "../InflightSends";
import type { UserDirectory } from "../UserDirectory";
import { mirrorMessages } from "./messageMirror";
import { toMirrored } from "./mirroredMessage";
import type { SendMessageRequest, WukongImApi } from "./WukongImApi";
import type { WukongImSentMessage } from "./wukongimWire";

/** The part of WuKongIM's HTTP API the engine needs. */
export type WukongImMessagingApi = Pick<
  WukongImApi,
  | "sendMessage"
  | "syncChannelMessages"
  | "syncConversations"
  | "onlineUids"
  | "health"
>;

/** A send the engine makes: always with a sender and a clientMsgNo (the de-duplication key). */
type Outgoing = SendMessageRequest & {
  from_uid: string;
  client_msg_no: string;
};

export interface WukongImEngineDeps {
  db: Db;
  api: WukongImMessagingApi;
  directory: UserDirectory;
  clock: Clock;
  logger: Pick<Logger, "warn" | "error">;
  maxPayloadBytes: number;
  /** Where image messages may link to (#19). */
  media: MediaStore;
  /** How long a send waits for WuKongIM to store the message (default 10 s). */
  storeTimeoutMs?: number;
}

/** Messages read back per messagesync call while waiting for one. */
const READ_BACK_LIMIT = 100;
/** Waits between read-backs: quick at first (a store takes a few ms), then easing off. */
const READ_BACK_DELAYS_MS = [5, 10, 20, 40, 80, 160, 250];

function refuse(reason: ReasonCode, detail: string): ImSendResult {
  return { ok: false, reason, detail };
}

export class WukongImEngine implements ImEngine {
  readonly #deps: WukongImEngineDeps;
  readonly #inflight = new InflightSends();
  readonly #images: OrderedImageChecks;

  constructor(deps: WukongImEngineDeps) {
    this.#deps = deps;
    this.#images = new OrderedImageChecks(deps.media);
  }

  async send(request: ImSendRequest): Promise<ImSendResult> {
    const checked = checkSend(request, this.#deps.maxPayloadBytes);
    if (!checked.ok) return checked;
    const imageCheck = this.#images.check(
      `${request.fromUid}\u0000${request.channelId}`,
      checked.payload.contentType,
      checked.payload.text,
    );
    // NOTE: no await unless an image is checked: other sends keep their turn (issue #9).
    const image = imageCheck === null ? null : await imageCheck;
    if (image !== null) return image;
    if (checked.kind === "data")
      return refuse(
        ReasonCode.NOT_SUPPORT_CHANNEL_TYPE,
        "data channels are served by the embedded engine only",
      );
    if ((await this.#deps.directory.userIdOf(request.channelId)) === null)
      return refuse(
        ReasonCode.CHANNEL_NOT_EXIST,
        `no user ${request.channelId}`,
      );
    const { clientMsgNo } = checked;
    const wire: Outgoing = {
      header: {
        no_persist: request.noPersist === true ? 1 : 0,
        red_dot: request.redDot === false ? 0 : 1,
        sync_once: request.syncOnce === true ? 1 : 0,
      },
      client_msg_no: clientMsgNo,
      from_uid: request.fromUid,
      channel_id: request.channelId,
      channel_type: request.channelType,
      expire: request.expire ?? 0,
      payload: request.payload,
    };
    if (request.noPersist === true) return this.#sendTransient(wire);

    return this.#inflight.run(request.fromUid, clientMsgNo, () =>
      this.#sendStored(wire),
    );
  }

  notify(command: ImCommand): void {
    // NOTE: sent as WuKongIM's system account, the only sender a client takes commands from (#19);
    // the chat it concerns rides in the payload (commandPayload).
    const payload = commandPayload(command);
    this.#deps.api
      .sendMessage({
        header: { no_persist: 1, red_dot: 0, sync_once: 0 },
        client_msg_no: randomUUID().replaceAll("-", ""),
        from_uid: SYSTEM_UID,
        channel_id: command.toUid,
        channel_type: command.channelType,
        expire: 0,
        payload,
      })
      .catch((error: unknown) => {
        this.#deps.logger.warn(
          { err: error, cmd: command.cmd, toUid: command.toUid },
          "WuKongIM: a command was not delivered (the client catches up by sync)",
        );
      });
  }

  async health(): Promise<ImHealth> {
    try {
      await this.#deps.api.health();
      return { engine: "wukongim", ok: true };
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      this.#deps.logger.warn({ err: error }, "WuKongIM is not answering");
      return { engine: "wukongim", ok: false, detail };
    }
  }

  async onlineOf(userIds: readonly number[]): Promise<ReadonlySet<number>> {
    if (userIds.length === 0) return new Set();
    const uidById = await this.#imIds(userIds);
    const online = await this.#deps.api.onlineUids([...uidById.values()]);
    return new Set(
      [...uidById].filter(([, uid]) => online.has(uid)).map(([id]) => id),
    );
  }

  /**
   * Copies into the mirror what WuKongIM stored for `uid` (in the chat with `peer`, or in every
   * chat whose last seq WuKongIM reports past the mirror's) and the mirror lacks: msg.notify may
   * be late, retried or lost. WuKongIM unreachable: logged, and the mirror answers as it is.
   */
  async catchUp(uid: string, peer: string | null): Promise<void> {
    try {
      if (peer !== null) {
        await this.catchUpChat(uid, peer);
        return;
      }
      const conversations = await this.#deps.api.syncConversations({
        uid,
        msg_count: 1,
      });
      for (const conversation of conversations) {
        if (conversation.channel_type !== ChannelType.PERSON) continue;
        const mirrored = await this.#mirroredUpTo(uid, conversation.channel_id);
        if (conversation.last_msg_seq > mirrored)
          await this.catchUpChat(uid, conversation.channel_id);
      }
    } catch (error) {
      this.#deps.logger.warn(
        { err: error, uid },
        "WuKongIM: could not catch up; answering from the mirror",
      );
    }
  }

  /** catchUp of one chat; returns how many messages it copied, and throws what WuKongIM throws. */
  async catchUpChat(uid: string, peer: string): Promise<number> {
    let copied = 0;
    let after = await this.#mirroredUpTo(uid, peer);
    for (;;) {
      const page = await this.#deps.api.syncChannelMessages({
        login_uid: uid,
        channel_id: peer,
        channel_type: ChannelType.PERSON,
        start_message_seq: after + 1,
        end_message_seq: 0,
        limit: READ_BACK_LIMIT,
        pull_mode: 1,
      });
      const fresh = page.messages.filter((m) => m.message_seq > after);
      if (fresh.length === 0) return copied;
      const added = await mirrorMessages(this.#deps.db, fresh.map(toMirrored));
      if (added.length > 0) copied += fresh.length;
      if (page.more !== 1) return copied;
      // NOTE: onwards from what this page held, not from the mirror (a row it keeps skipping, a
      // second copy of a clientMsgNo, would otherwise be read again forever).
      after = Math.max(...fresh.map((m) => m.message_seq));
    }
  }

  async #sendTransient(wire: Outgoing): Promise<ImSendResult> {
    try {
      const sent = await this.#deps.api.sendMessage(wire);
      return {
        ok: true,
        messageId: sent.message_id,
        messageSeq: 0,
        clientMsgNo: sent.client_msg_no,
        timestamp: Math.floor(this.#deps.clock() / 1000),
        duplicate: false,
      };
    } catch (error) {
      return this.#unavailable(error);
    }
  }

  async #sendStored(wire: Outgoing): Promise<ImSendResult> {
    const stored = await this.#storedCopy(wire.from_uid, wire.client_msg_no);
    if (stored !== null) return { ...stored, duplicate: true };
    let sent: WukongImSentMessage;
    try {
      sent = await this.#deps.api.sendMessage(wire);
    } catch (error) {
      return this.#unavailable(error);
    }
    const deadline = this.#deps.clock() + (this.#deps.storeTimeoutMs ?? 10_000);
    for (let attempt = 0; ; attempt++) {
      try {
        await this.catchUpChat(wire.from_uid, wire.channel_id);
      } catch (error) {
        // NOTE: right after a chat's first message WuKongIM refuses messagesync for about a second
        // ("valid channel membership required"): read again.
        if (this.#deps.clock() >= deadline) return this.#unavailable(error);
      }
      const found = await this.#storedCopy(wire.from_uid, wire.client_msg_no);
      if (found !== null && found.messageId === sent.message_id) {
        if (wire.header?.red_dot === 0)
          await this.#clearRedDot(found.messageId);
        return { ...found, duplicate: false };
      }
      if (found !== null) return { ...found, duplicate: true };
      if (this.#deps.clock() >= deadline)
        return refuse(
          ReasonCode.SYSTEM_ERROR,
          "WuKongIM did not store the message in time; send it again (it is de-duplicated)",
        );
      const delay =
        READ_BACK_DELAYS_MS[Math.min(attempt, READ_BACK_DELAYS_MS.length - 1)];
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  #unavailable(error: unknown): ImSendResult {
    this.#deps.logger.error({ err: error }, "WuKongIM: send failed");
    return refuse(
      ReasonCode.SYSTEM_ERROR,
      "the IM service is unavailable; try again",
    );
  }

  /** The mirrored message (sender, clientMsgNo), or null. */
  async #storedCopy(
    fromUid: string,
    clientMsgNo: string,
  ): Promise<Extract<ImSendResult, { ok: true }> | null> {
    const [row] = rowsOf<{
      id: string;
      message_seq: number;
      timestamp: number;
    }>(
      await this.#deps.db.execute(sql`
        select id::text as id, message_seq, timestamp from im_messages
        where from_uid = ${fromUid} and client_msg_no = ${clientMsgNo}`),
    );
    if (row === undefined) return null;
    return {
      ok: true,
      messageId: BigInt(row.id),
      messageSeq: row.message_seq,
      clientMsgNo,
      timestamp: row.timestamp,
      duplicate: true,
    };
  }

  /** The mirror assumes a red dot (WuKongIM does not report it): a send without one says so. */
  async #clearRedDot(messageId: bigint): Promise<void> {
    await this.#deps.db.execute(sql`
      update im_messages set header = header & ${~HeaderFlag.RED_DOT}
      where id = ${messageId.toString()}::bigint`);
  }

  /**
   * The seq up to which the mirror holds the chat without a hole: its last seq, or the seq before
   * its first missing one. A hole opens when a later message arrives first (msg.offline comes
   * ~100 ms after a send, the msg.notify batch with the earlier ones every 500 ms) or when a
   * msg.notify batch is dropped.
   */
  async #mirroredUpTo(uid: string, peer: string): Promise<number> {
    const key = personalChannelKey(uid, peer);
    const [row] = rowsOf<{ last_seq: number; held: number }>(
      await this.#deps.db.execute(sql`
        select c.last_seq, (select count(*)::int from im_messages m
          where m.channel_key = c.channel_key and m.channel_type = 1) as held
        from im_channels c where c.channel_key = ${key} and c.channel_type = 1`),
    );
    if (row === undefined) return 0;
    if (row.held >= row.last_seq) return row.last_seq;
    const [hole] = rowsOf<{ up_to: number }>(
      await this.#deps.db.execute(sql`
        select coalesce(
          (select 0 where not exists (select 1 from im_messages
            where channel_key = ${key} and channel_type = 1 and message_seq = 1)),
          (select min(m.message_seq) from im_messages m
            where m.channel_key = ${key} and m.channel_type = 1
              and not exists (select 1 from im_messages n where n.channel_key = ${key}
                and n.channel_type = 1 and n.message_seq = m.message_seq + 1))) as up_to`),
    );
    return Math.min(hole?.up_to ?? row.last_seq, row.last_seq);
  }

  async #imIds(userIds: readonly number[]): Promise<Map<number, string>> {
    const rows = rowsOf<{ id: number; im_id: string }>(
      await this.#deps.db.execute(sql`
        select id, im_id from users where id = any(${sql.param([...userIds])}::int[])`),
    );
    return new Map(rows.map((row) => [row.id, row.im_id]));
  }
}

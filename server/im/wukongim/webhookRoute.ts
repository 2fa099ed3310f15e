// `POST /api/app/im/v1/webhook/<secret>?event=…` (IM_ENGINE=wukongim): what WuKongIM tells the app
// servers. WuKongIM does not sign its webhooks, so the secret rides in the path (its webhook URL is
// configured as PUBLIC_URL + /api/app/im/v1/webhook/<WUKONGIM_WEBHOOK_SECRET>); a call without it
// gets 403 and changes nothing. The body is read as text (message ids are past 2^53).
// - msg.notify: stored messages → the mirror (our read side);
// - msg.offline: the message → the mirror, and a stored-message event (Web Push) for each recipient
//   WuKongIM lists who has no live connection — it lists every recipient without a MASTER-level
//   connection, online or not, so presence is asked first;
// - user.onlinestatus: a user's last connection closing → last-offline time (public profiles).
// Only HTTP 200 counts as delivered for WuKongIM: a failure answers 500 and msg.notify is retried.
import { sql } from "drizzle-orm";
import { ChannelType, ContentType } from "#protocol";
import type { App } from "../../http/fastifyApp";
import { API_PREFIX, failure } from "../../http/envelope";
import type { Db } from "../../db/createDb";
import { constantTimeEqual } from "../../domain/auth/tokenCrypto";
import { batchedLookup } from "../../lib/batchedLookup";
import { batchedWrite } from "../../lib/batchedWrite";
import { type MirroredMessage, mirrorMessages } from "./messageMirror";
import { toMirrored } from "./mirroredMessage";
import type { WukongImStack } from "./startWukongIm";
import type { WukongImMessage } from "./wukongimWire";
import {
  parseWebhookEvent,
  type OnlineStatusChange,
  WukongImWebhookError,
} from "./webhookEvents";

export const WEBHOOK_PATH = `${API_PREFIX}/im/v1/webhook`;
/** msg.notify batches up to 100 messages of up to 32 KiB each, base64. */
const WEBHOOK_BODY_LIMIT = 8 * 1024 * 1024;

const stored = (m: WukongImMessage) =>
  m.channel_type === ChannelType.PERSON && m.message_seq > 0;

export interface WebhookRouteDeps {
  db: Db;
  secret: string;
  stack: Pick<WukongImStack, "api" | "announceStored">;
}

/**
 * What msg.offline needs, shared by the calls that arrive together. WuKongIM sends it once per
 * message whose recipient has no APP connection: with web clients, once per message. One mirror
 * write and one presence call each took 1.5–1.7 of our server's cores at 1,000 messages/s (#20),
 * which starved WuKongIM's deliveries on the same machine (RECV p99 3.5–4.5 s).
 */
interface OfflineBatches {
  mirror: (row: MirroredMessage) => Promise<void>;
  isOnline: (uid: string) => Promise<boolean | undefined>;
}

function offlineBatches(deps: WebhookRouteDeps): OfflineBatches {
  return {
    mirror: batchedWrite(async (rows) => {
      await mirrorMessages(deps.db, rows);
    }),
    isOnline: batchedLookup(async (uids) => {
      const online = await deps.stack.api.onlineUids(uids);
      return new Map(uids.map((uid) => [uid, online.has(uid)]));
    }),
  };
}

export async function registerWukongImWebhook(
  app: App,
  deps: WebhookRouteDeps,
): Promise<void> {
  const batches = offlineBatches(deps);
  await app.register((scope, _options, done) => {
    // NOTE: this scope only: the raw text, parsed without losing int64 digits.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "string", bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => {
        done(null, body);
      },
    );
    scope.post<{
      Params: { secret: string };
      Querystring: { event?: string };
      Body: string;
    }>(
      `${WEBHOOK_PATH}/:secret`,
      // NOTE: the request log line would carry the secret in its URL.
      { schema: { hide: true }, logLevel: "warn" },
      async (request, reply) => {
        if (!constantTimeEqual(request.params.secret, deps.secret))
          return reply
            .code(403)
            .send(failure("WEBHOOK_REFUSED", "Unknown webhook"));
        const name = request.query.event ?? "";
        let event;
        try {
          event = parseWebhookEvent(name, request.body);
        } catch (error) {
          if (!(error instanceof WukongImWebhookError)) throw error;
          request.log.warn({ err: error }, "WuKongIM webhook refused");
          return reply
            .code(400)
            .send(failure("MALFORMED_REQUEST", error.message));
        }
        switch (event.event) {
          case "msg.notify":
            await mirrorMessages(
              deps.db,
              event.messages.filter(stored).map(toMirrored),
            );
            break;
          case "msg.offline":
            await offline(deps, batches, event.message, event.to_uids);
            break;
          case "user.onlinestatus":
            await recordOffline(deps.db, event.changes);
            break;
          case "ignored":
            break;
        }
        return reply.code(200).send({});
      },
    );
    done();
  });
}

async function offline(
  deps: WebhookRouteDeps,
  batches: OfflineBatches,
  message: WukongImMessage,
  toUids: readonly string[] | null,
): Promise<void> {
  if (!stored(message)) return;
  const row = toMirrored(message);
  await batches.mirror(row);
  if (row.contentType === ContentType.CMD) return;
  // NOTE: a personal message has one recipient: its channel id.
  const recipients = (toUids ?? [message.channel_id]).filter(
    (uid) => uid === message.channel_id,
  );
  for (const toUid of recipients) {
    if ((await batches.isOnline(toUid)) === true) continue;
    deps.stack.announceStored({
      fromUid: row.fromUid,
      toUid,
      channelType: row.channelType,
      messageSeq: row.messageSeq,
      contentType: row.contentType,
      payloadText: row.payload,
      redDot: true,
      recipientOnline: false,
    });
  }
}

async function recordOffline(
  db: Db,
  changes: readonly OnlineStatusChange[],
): Promise<void> {
  const gone = [
    ...new Set(
      changes
        .filter((c) => !c.online && c.totalOnlineCount === 0)
        .map((c) => c.uid),
    ),
  ];
  if (gone.length === 0) return;
  await db.execute(sql`
    insert into im_presence (user_id, last_offline_at)
    select id, now() from users where im_id = any(${sql.param(gone)}::text[])
    on conflict (user_id) do update set last_offline_at = excluded.last_offline_at`);
}

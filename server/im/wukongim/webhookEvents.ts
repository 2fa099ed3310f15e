// Parses the bodies WuKongIM v2.2.5 POSTs to `webhook.httpAddr?event=<name>` (internal/webhook,
// internal/types/webhook.go) into typed events. Pure: no I/O, the caller answers the HTTP request
// (only a 200 counts as delivered). What each event carries, as measured on the real binary:
// - msg.notify: a JSON array of stored messages, batched (every 500 ms, up to 100), retried up to
//   5 times, then dropped. Personal messages carry the RECIPIENT as channel_id; a message sent as
//   the system has from_uid "" and its channel_id may be the system uid ("____system").
// - msg.offline: one message plus `to_uids`, the recipients without a MASTER-level connection,
//   sender excluded (so with slave-level tokens it fires for online users too); sent once, no
//   retry, not in seq order; from_uid is "____system" for system sends; `timestamp` is when the
//   webhook was made, not the stored one. With `channel.subscriberCompressOfCount` > 0 and more
//   recipients than that, `to_uids` is [] and `compress_to_uids` is meant to be gzipped JSON — but
//   v2.2.5 reads the buffer before closing the gzip writer, so only the 10-byte gzip header
//   arrives and the list is lost: `to_uids` is then null here, and the caller must work the
//   recipients out itself. (Compression is off by default; keep it off.)
// - user.onlinestatus: a JSON array of "uid-deviceFlag-online-connId-deviceOnlineCount-
//   totalOnlineCount" strings, batched (polled every 2 s). A uid may itself contain "-", so the
//   five numbers are read from the right.
import { gunzipSync, constants as zlibConstants } from "node:zlib";
import { z } from "zod";
import { parseJsonLossless } from "./losslessJson";
import { wukongimMessageSchema, type WukongImMessage } from "./wukongimWire";

/** One connection coming or going (Go: Webhook.Online / Offline parameters). */
export interface OnlineStatusChange {
  uid: string;
  deviceFlag: number;
  online: boolean;
  /** The connection's id on its node (a per-node counter). */
  connId: number;
  /** The user's connections with this device flag after the change. */
  deviceOnlineCount: number;
  /** All the user's connections after the change. */
  totalOnlineCount: number;
}

export type WukongImWebhookEvent =
  | { event: "msg.notify"; messages: WukongImMessage[] }
  | {
      event: "msg.offline";
      message: WukongImMessage;
      /** Recipients without a master connection; null when WuKongIM's compressed list was unusable. */
      to_uids: string[] | null;
      /** The node that sent it (0 when absent). */
      source_id: number;
    }
  | { event: "user.onlinestatus"; changes: OnlineStatusChange[] }
  /** An event this parser does not read (msg.stream, anything newer): answer 200 and move on. */
  | { event: "ignored"; name: string };

export class WukongImWebhookError extends Error {
  override name = "WukongImWebhookError";
  readonly event: string;

  constructor(event: string, message: string, cause?: unknown) {
    super(
      `WuKongIM webhook ${event}: ${message}`,
      cause === undefined ? undefined : { cause },
    );
    this.event = event;
  }
}

const offlineSchema = wukongimMessageSchema.extend({
  to_uids: z.array(z.string()).nullable().optional(),
  compress: z.string().optional(),
  /** Base64 of gzipped JSON (Go []byte). */
  compress_to_uids: z.string().nullable().optional(),
  source_id: z.number().int().optional(),
});

const ONLINE_STATUS_NUMBERS = 5;

/** Parses one "uid-deviceFlag-online-connId-deviceOnlineCount-totalOnlineCount" string. */
export function parseOnlineStatusLine(line: string): OnlineStatusChange {
  const parts = line.split("-");
  const numbers = parts.slice(-ONLINE_STATUS_NUMBERS);
  const uid = parts.slice(0, -ONLINE_STATUS_NUMBERS).join("-");
  if (
    parts.length <= ONLINE_STATUS_NUMBERS ||
    uid === "" ||
    !numbers.every((n) => /^\d+$/.test(n))
  )
    throw new WukongImWebhookError(
      "user.onlinestatus",
      `not "uid-deviceFlag-online-connId-deviceOnlineCount-totalOnlineCount": ${JSON.stringify(line)}`,
    );
  const [deviceFlag, online, connId, deviceOnlineCount, totalOnlineCount] =
    numbers.map(Number) as [number, number, number, number, number];
  if (online !== 0 && online !== 1)
    throw new WukongImWebhookError(
      "user.onlinestatus",
      `online must be 0 or 1: ${JSON.stringify(line)}`,
    );
  return {
    uid,
    deviceFlag,
    online: online === 1,
    connId,
    deviceOnlineCount,
    totalOnlineCount,
  };
}

/** The uids in `compress_to_uids` (gzipped JSON array), or null when they cannot be read. */
function decompressUids(base64: string): string[] | null {
  try {
    // NOTE: a sync flush accepts a stream without its end, so whatever WuKongIM did write is read.
    const text = gunzipSync(Buffer.from(base64, "base64"), {
      finishFlush: zlibConstants.Z_SYNC_FLUSH,
    }).toString("utf8");
    const uids = z.array(z.string()).safeParse(JSON.parse(text));
    return uids.success ? uids.data : null;
  } catch {
    return null;
  }
}

function parseBody<S extends z.ZodType>(
  event: string,
  body: string | Uint8Array,
  schema: S,
): z.output<S> {
  const text =
    typeof body === "string" ? body : Buffer.from(body).toString("utf8");
  let json: unknown;
  try {
    json = parseJsonLossless(text);
  } catch (error) {
    throw new WukongImWebhookError(event, "body is not JSON", error);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new WukongImWebhookError(
      event,
      `unexpected body: ${parsed.error.message}`,
      parsed.error,
    );
  return parsed.data;
}

/**
 * Parses one webhook delivery: `event` is the `?event=` query parameter, `body` the raw body.
 * Throws WukongImWebhookError for a body that is not what WuKongIM sends for that event.
 */
export function parseWebhookEvent(
  event: string,
  body: string | Uint8Array,
): WukongImWebhookEvent {
  switch (event) {
    case "msg.notify":
      return {
        event,
        messages: parseBody(event, body, z.array(wukongimMessageSchema)),
      };
    case "msg.offline": {
      const {
        to_uids: toUids,
        compress,
        compress_to_uids: compressed,
        source_id: sourceId,
        ...message
      } = parseBody(event, body, offlineSchema);
      const uids =
        compress === undefined || compress === ""
          ? (toUids ?? [])
          : compress === "gzip"
            ? decompressUids(compressed ?? "")
            : null;
      return {
        event,
        message,
        to_uids: uids,
        source_id: sourceId ?? 0,
      };
    }
    case "user.onlinestatus":
      return {
        event,
        changes: parseBody(event, body, z.array(z.string())).map(
          parseOnlineStatusLine,
        ),
      };
    default:
      return { event: "ignored", name: event };
  }
}

// A typed client for the parts of WuKongIM v2.2.5's HTTP API (its API port, default 5001) the
// messenger uses: tokens, forced logout, presence, sending, conversation list, history, unread and
// conversation deletion. Request fields are WuKongIM's own JSON names, read from its Go handlers
// (internal/api/user.go, message.go, conversation.go); answers are checked against the schemas in
// wukongimWire.ts, with int64s as bigints. Every call has a deadline (AbortSignal.timeout) and fails
// with a WukongImApiError naming the endpoint and what WuKongIM said.
// Not retried here: whether a call may be repeated (a send may not, blindly) is the caller's rule.
import { Buffer } from "node:buffer";
import type { z } from "zod";
import { parseJsonLossless } from "./losslessJson";
import { WukongImApiError } from "./WukongImApiError";
import {
  channelMessagesSchema,
  conversationsSchema,
  onlineDevicesSchema,
  sentMessageSchema,
  statusSchema,
  type WukongImChannelMessages,
  type WukongImConversation,
  type WukongImOnlineDevice,
  type WukongImSentMessage,
} from "./wukongimWire";

/** What the client needs from `fetch`; tests may pass their own. */
export type FetchLike = (
  input: string | URL,
  init?: RequestInit,
) => Promise<Response>;

export interface WukongImApiOptions {
  /** The API's base URL, e.g. http://127.0.0.1:5001 (WuKongIM's `httpAddr`). */
  baseUrl: string;
  /** Per call; default 5000 ms. */
  timeoutMs?: number;
  /** For /user/token; default `timeoutMs` when given, else 8000 ms (see TOKEN_TIMEOUT_MS). */
  tokenTimeoutMs?: number;
  fetch?: FetchLike;
}

/** 0/1 flags of a sent message. */
export interface SendHeader {
  no_persist?: 0 | 1;
  red_dot?: 0 | 1;
  sync_once?: 0 | 1;
}

export interface SendMessageRequest {
  header?: SendHeader;
  /** Empty: WuKongIM makes one up (a UUID + "0"). */
  client_msg_no?: string;
  /** Empty: the system uid (the message then reads back with from_uid ""). */
  from_uid?: string;
  /** For a personal chat: the recipient's uid. */
  channel_id: string;
  channel_type: number;
  expire?: number;
  /** The payload bytes (sent as base64, Go's []byte JSON form). Must not be empty. */
  payload: Uint8Array;
  /** Only with sync_once = 1 and no channel_id: a message to exactly these uids. */
  subscribers?: string[];
  tag_key?: string;
  is_stream?: 0 | 1;
}

export interface SyncConversationsRequest {
  uid: string;
  /** > 0: only conversations with messages after the user's read position. */
  version?: bigint | number;
  /** `channelId:channelType:lastMsgSeq|…`: messages only after these seqs. */
  last_msg_seqs?: string;
  /** Recent messages per conversation. Must be > 0: with 0 WuKongIM answers `[]` (measured). */
  msg_count: number;
  only_unread?: 0 | 1;
  exclude_channel_types?: number[];
  /** From 1; 0 = no paging. */
  page?: number;
  /** Default 100, at most 500. */
  page_size?: number;
}

/** 0: older messages, from start_message_seq down to end_message_seq; 1: newer, upwards. */
export type PullMode = 0 | 1;

export interface SyncChannelMessagesRequest {
  /** The viewer; for a personal chat channel_id is the peer. */
  login_uid: string;
  channel_id: string;
  channel_type: number;
  /** Both 0: the newest `limit` messages. Start is included, end is not. */
  start_message_seq: number;
  end_message_seq: number;
  /** At most 10000. */
  limit: number;
  pull_mode: PullMode;
  event_summary_mode?: "basic" | "full";
}

export interface ChannelOfUser {
  uid: string;
  channel_id: string;
  channel_type: number;
}

const DEFAULT_TIMEOUT_MS = 5_000;
/**
 * /user/token waits on a Raft proposal (a new user: two) that WuKongIM gives up on after about 5 s
 * with HTTP 400 "context deadline exceeded" (seen at 10,000 sign-ins, #18). Waiting longer than it
 * lets its own answer — success or that refusal — arrive instead of our timeout racing it.
 */
const TOKEN_TIMEOUT_MS = 8_000;

/** JSON.stringify with bigints written as exact number literals (Go reads them as int64). */
function stringifyWithBigInts(body: unknown): string {
  const marked = JSON.stringify(body, (_key, value: unknown) =>
    typeof value === "bigint" ? `\u0000bigint:${value.toString()}` : value,
  );
  return marked.replace(/"\\u0000bigint:(-?\d+)"/g, "$1");
}

export class WukongImApi {
  readonly baseUrl: string;
  readonly #timeoutMs: number;
  readonly #tokenTimeoutMs: number;
  readonly #fetch: FetchLike;

  constructor(options: WukongImApiOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#tokenTimeoutMs =
      options.tokenTimeoutMs ?? options.timeoutMs ?? TOKEN_TIMEOUT_MS;
    this.#fetch = options.fetch ?? fetch;
  }

  /** Resolves when `GET /health` says ok (HTTP 500 "no slots" while the node starts). */
  async health(): Promise<void> {
    const { text, endpoint } = await this.#call("GET", "/health", undefined);
    const body = this.#json(endpoint, 200, text) as { status?: unknown };
    if (body.status !== "ok")
      throw new WukongImApiError({
        endpoint,
        failure: "response",
        httpStatus: 200,
        body: text,
      });
  }

  /**
   * Registers (or replaces) the token `uid` connects with on `device_flag`. Level 1 (master) also
   * sends the device flag's current connections DISCONNECT 12 and closes them 10 s later.
   */
  async updateToken(request: {
    uid: string;
    token: string;
    device_flag: number;
    device_level: number;
  }): Promise<void> {
    await this.#ok("/user/token", request, this.#tokenTimeoutMs);
  }

  /**
   * Clears the token of `device_flag` (-1 = APP, WEB and PC) and kicks its connections: DISCONNECT
   * 12, socket closed 2 s later. The device cannot connect again until updateToken.
   */
  async deviceQuit(request: {
    uid: string;
    device_flag: number;
  }): Promise<void> {
    await this.#ok("/user/device_quit", request);
  }

  /** The live connections of these users (offline users are absent). */
  async onlineStatus(uids: readonly string[]): Promise<WukongImOnlineDevice[]> {
    // NOTE: an empty list is answered `{"status":200}`, not `[]`.
    if (uids.length === 0) return [];
    return this.#data("/user/onlinestatus", uids, onlineDevicesSchema);
  }

  /** Which of these users have a live connection. */
  async onlineUids(uids: readonly string[]): Promise<Set<string>> {
    const devices = await this.onlineStatus(uids);
    return new Set(devices.filter((d) => d.online === 1).map((d) => d.uid));
  }

  /**
   * Sends as `from_uid` (or the system). The answer comes before the message is stored: it has no
   * message_seq, and the message reaches messagesync a moment later.
   */
  async sendMessage(request: SendMessageRequest): Promise<WukongImSentMessage> {
    const body = {
      ...request,
      payload: Buffer.from(request.payload).toString("base64"),
    };
    const answer = await this.#data(
      "/message/send",
      body,
      statusSchema.extend({ data: sentMessageSchema }),
    );
    return answer.data;
  }

  /** The user's conversations that have messages, each with its newest `msg_count` messages. */
  async syncConversations(
    request: SyncConversationsRequest,
  ): Promise<WukongImConversation[]> {
    return this.#data("/conversation/sync", request, conversationsSchema);
  }

  /** A channel's messages, ascending by seq. */
  async syncChannelMessages(
    request: SyncChannelMessagesRequest,
  ): Promise<WukongImChannelMessages> {
    return this.#data("/channel/messagesync", request, channelMessagesSchema);
  }

  /** Sets the conversation's unread count (moves its read position to last seq − unread). */
  async setUnread(request: ChannelOfUser & { unread: number }): Promise<void> {
    await this.#ok("/conversations/setUnread", request);
  }

  /**
   * Marks the conversation read up to its last message. `message_seq` matters only for very large
   * groups, whose conversations WuKongIM does not maintain.
   */
  async clearUnread(
    request: ChannelOfUser & { message_seq?: number },
  ): Promise<void> {
    await this.#ok("/conversations/clearUnread", request);
  }

  /** Hides the conversation's messages up to now from the user's conversation sync. */
  async deleteConversation(request: ChannelOfUser): Promise<void> {
    await this.#ok("/conversations/delete", request);
  }

  /** A call answered `{"status":200}`. */
  async #ok(path: string, request: unknown, timeoutMs?: number): Promise<void> {
    await this.#data(path, request, statusSchema, timeoutMs);
  }

  /** POSTs `request`, checks the answer against `schema` and WuKongIM's status envelope. */
  async #data<S extends z.ZodType>(
    path: string,
    request: unknown,
    schema: S,
    timeoutMs = this.#timeoutMs,
  ): Promise<z.output<S>> {
    const { text, endpoint } = await this.#call(
      "POST",
      path,
      request,
      timeoutMs,
    );
    const json = this.#json(endpoint, 200, text);
    const envelope = statusSchema.safeParse(json);
    if (envelope.success && String(envelope.data.status) !== "200")
      throw new WukongImApiError({
        endpoint,
        failure: "status",
        httpStatus: 200,
        body: text,
        wukongimMessage: envelope.data.msg,
      });
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new WukongImApiError({
        endpoint,
        failure: "response",
        httpStatus: 200,
        body: text,
        cause: parsed.error,
      });
    return parsed.data;
  }

  #json(endpoint: string, httpStatus: number, text: string): unknown {
    try {
      return parseJsonLossless(text);
    } catch (error) {
      throw new WukongImApiError({
        endpoint,
        failure: "response",
        httpStatus,
        body: text,
        cause: error,
      });
    }
  }

  /** One round trip; resolves only with HTTP 200 and the whole body read. */
  async #call(
    method: "GET" | "POST",
    path: string,
    request: unknown,
    timeoutMs = this.#timeoutMs,
  ): Promise<{ text: string; endpoint: string }> {
    const endpoint = `${method} ${path}`;
    const signal = AbortSignal.timeout(timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await this.#fetch(`${this.baseUrl}${path}`, {
        method,
        signal,
        ...(request === undefined
          ? {}
          : {
              headers: { "content-type": "application/json" },
              body: stringifyWithBigInts(request),
            }),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new WukongImApiError({
        endpoint,
        failure: signal.aborted ? "timeout" : "network",
        httpStatus: 0,
        body: "",
        cause: error,
      });
    }
    if (status !== 200) {
      let message: string | undefined;
      try {
        const parsed = statusSchema.safeParse(JSON.parse(text));
        if (parsed.success) message = parsed.data.msg;
      } catch {
        // not JSON (gin's "404 page not found")
      }
      throw new WukongImApiError({
        endpoint,
        failure: "http",
        httpStatus: status,
        body: text,
        wukongimMessage: message,
      });
    }
    return { text, endpoint };
  }
}

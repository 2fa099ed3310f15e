// Typed payload contents (§9): the plaintext JSON inside SEND/RECV payloads and the HTTP API's
// base64 `payload`. A union discriminated on `kind`; `type` is the numeric JSON `type`.

/** `mention` key: `{"all": 1, "uids": [...]}` (`all` is 1 or absent). */
export interface Mention {
  all?: boolean;
  uids?: string[];
}

/** `reply` key: the message being replied to. */
export interface Reply {
  /** JSON `message_id` (string, as the SDK writes it). */
  messageID: string;
  /** JSON `message_seq`. */
  messageSeq: number;
  /** JSON `from_uid`. */
  fromUID: string;
  /** JSON `from_name`. */
  fromName?: string;
  /** JSON `root_message_id`. */
  rootMessageID?: string;
  /** JSON `payload`: the replied content. */
  payload?: MessageContent;
}

/** Keys any content type may carry (§9). */
export interface ContentCommon {
  mention?: Mention;
  reply?: Reply;
  /** Only these uids should see the message (the SDK decodes but does not filter). */
  visibles?: string[];
  /** These uids should not see the message. */
  invisibles?: string[];
  /**
   * Keys this codec does not know, in their original order; written back after the content keys
   * so a round trip loses nothing.
   */
  others?: Record<string, unknown>;
}

/** Type 1: `{"content": "…", "type": 1}`. */
export interface TextContent extends ContentCommon {
  kind: "text";
  type: 1;
  content: string;
}

/** Type 2: `{"url", "width", "height", "type": 2}`. */
export interface ImageContent extends ContentCommon {
  kind: "image";
  type: 2;
  url: string;
  width: number;
  height: number;
}

/** Type 98: `{"data": "<base64>", "type": 98}`. `data` stays base64 text. */
export interface StreamContent extends ContentCommon {
  kind: "stream";
  type: 98;
  data: string;
}

/** Type 99: `{"cmd": "…", "param": any, "type": 99}`; delivered to CMD listeners. */
export interface CmdContent extends ContentCommon {
  kind: "cmd";
  type: 99;
  cmd: string;
  param?: unknown;
}

/** One `extra` entry of a system message: who `{i}` stands for. */
export interface SystemExtra {
  uid: string;
  name: string;
}

/** Types 1000–2000: `content` with `{0}`, `{1}` … filled from `extra[i].name`. */
export interface SystemContent extends ContentCommon {
  kind: "system";
  type: number;
  content: string;
  extra?: SystemExtra[];
}

/** Type 21000: signal (E2E) message; it has no keys of its own. */
export interface SignalContent extends ContentCommon {
  kind: "signal";
  type: 21000;
}

/**
 * Any other type, or a known type whose keys have the wrong shape. `json` is the whole original
 * object (including `type`) and is written back untouched; the common keys are decoded from it
 * for convenience when well-formed.
 */
export interface UnknownContent extends Omit<ContentCommon, "others"> {
  kind: "unknown";
  type: number;
  json: Record<string, unknown>;
}

/** A decoded payload; narrow on `kind`. */
export type MessageContent =
  | TextContent
  | ImageContent
  | StreamContent
  | CmdContent
  | SystemContent
  | SignalContent
  | UnknownContent;

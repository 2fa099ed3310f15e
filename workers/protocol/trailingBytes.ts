// Which packets may end in bytes this codec does not know, and why the rule goes by packet type.
//
// WuKongIM grows packets by appending fields: the v3 beta's SENDACK carries the clientMsgNo after
// the reason code (§5.4), and its refusal CONNACK to a v4/v5 client carries a nodeId without the
// HasServerVersion flag (§5.2). The JS SDK reads the fields it knows and ignores the rest, so a
// server may count on every client doing so. We do too, for the packets a server sends: once their
// known fields are read, whatever is left before the end the remaining length gives is skipped.
// Truncated or malformed fields fail exactly as before, and the next frame starts where the
// remaining length says, so a stream stays in sync.
//
// The packets a client sends stay strict (`TRAILING_BYTES`). There we are the server (the embedded
// gateway decodes CONNECT, SEND, RECVACK, PING and SUB with the same decoder), every client we
// serve is an SDK whose layouts we match byte for byte, and bytes left over mean the client speaks a
// layout we do not (another version, another setting): refusing it is safer than guessing what it
// meant. The packet type alone tells the direction (each packet has one sender, §4), so neither
// decoder needs to be told which side it runs on. DISCONNECT counts as a server packet: Go also
// decodes it from a client, and our gateway then closes the connection either way.

import { Op } from "./opcodes";

/**
 * True when a frame of type `op` may carry bytes after its known fields (server → client
 * packets); false when those bytes are a `TRAILING_BYTES` error (client → server packets).
 * RECV and EVENT end in a "rest" field and PONG has no body, so for them the answer never matters.
 */
export function ignoresTrailingBytes(op: Op): boolean {
  switch (op) {
    case Op.CONNACK:
    case Op.SENDACK:
    case Op.RECV:
    case Op.PONG:
    case Op.DISCONNECT:
    case Op.SUBACK:
    case Op.EVENT:
      return true;
    case Op.CONNECT:
    case Op.SEND:
    case Op.RECVACK:
    case Op.PING:
    case Op.SUB:
      return false;
  }
}

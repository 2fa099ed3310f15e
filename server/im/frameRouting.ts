// Which handler an inbound frame goes to, given where the connection is in its life. Pure: the
// gateway runs the action; anything a client must not send drops the connection.
import { Op } from "#protocol";

/** Where a connection is: before CONNECT, while CONNECT is being checked, open, or closed. */
export type ConnectionPhase =
  "awaitingConnect" | "authenticating" | "open" | "closed";

export type FrameAction =
  | "connect"
  | "send"
  | "recvack"
  | "ping"
  | "sub"
  | "clientDisconnect"
  | "ignore"
  | "protocolError";

/**
 * @example frameAction("awaitingConnect", Op.SEND) // "protocolError": CONNECT must come first
 */
export function frameAction(phase: ConnectionPhase, op: Op): FrameAction {
  if (phase === "closed") return "ignore";
  if (phase === "awaitingConnect")
    return op === Op.CONNECT ? "connect" : "protocolError";
  // NOTE: while CONNECT is checked the decoder holds later bytes (FrameDecoder stops after
  // CONNECT until setVersion), so a frame here means a second CONNECT or a bug: refuse it.
  if (phase === "authenticating") return "protocolError";
  switch (op) {
    case Op.SEND:
      return "send";
    case Op.RECVACK:
      return "recvack";
    case Op.PING:
      return "ping";
    case Op.SUB:
      return "sub";
    // NOTE: Go decodes a client DISCONNECT (§4): the client is leaving; close quietly.
    case Op.DISCONNECT:
      return "clientDisconnect";
    case Op.CONNECT:
    case Op.CONNACK:
    case Op.SENDACK:
    case Op.RECV:
    case Op.PONG:
    case Op.SUBACK:
    case Op.EVENT:
      return "protocolError";
  }
}

// The baseline of `npm run bench:gateway`: a bare WebSocket relay speaking the same frames with no
// authentication, no crypto and no storage. CONNECT gets a CONNACK (a fixed key; nothing is
// verified), SEND gets a SENDACK and is forwarded as a RECV to the recipient's socket, unchanged.
import { WebSocketServer, type WebSocket } from "ws";
import { type Frame, FrameDecoder, Op, encodeFrame } from "#protocol";
import { VECTOR } from "../support/protocol/protocolFixtures";

const byUid = new Map<string, { ws: WebSocket; version: number }>();
const seqs = new Map<string, number>();
let nextId = 1n;

const wss = new WebSocketServer({
  port: 0,
  host: "127.0.0.1",
  perMessageDeflate: false,
  clientTracking: false,
});

wss.on("connection", (ws) => {
  const decoder = new FrameDecoder();
  let uid = "";
  let version = 4;
  const handle = (frames: Frame[]) => {
    for (const frame of frames) {
      if (frame.op === Op.CONNECT) {
        version = Math.min(frame.version, 5);
        decoder.setVersion(version);
        uid = frame.uid;
        byUid.set(uid, { ws, version });
        ws.send(
          encodeFrame(
            {
              op: Op.CONNACK,
              ...(frame.version > 3
                ? { serverVersion: version, nodeId: 1n }
                : {}),
              timeDiff: 0n,
              reasonCode: 1,
              serverKey: VECTOR.serverKey,
              salt: VECTOR.salt,
            },
            version,
          ),
        );
        handle(decoder.push());
      } else if (frame.op === Op.SEND) {
        const messageID = nextId++;
        const seq = (seqs.get(frame.channelID) ?? 0) + 1;
        seqs.set(frame.channelID, seq);
        ws.send(
          encodeFrame(
            {
              op: Op.SENDACK,
              messageID,
              clientSeq: frame.clientSeq,
              messageSeq: seq,
              reasonCode: 1,
            },
            version,
          ),
        );
        const target = byUid.get(frame.channelID);
        target?.ws.send(
          encodeFrame(
            {
              op: Op.RECV,
              setting: frame.setting,
              msgKey: frame.msgKey,
              fromUID: uid,
              channelID: uid,
              channelType: frame.channelType,
              clientMsgNo: frame.clientMsgNo,
              messageID,
              messageSeq: seq,
              timestamp: Math.floor(Date.now() / 1000),
              payload: frame.payload,
              redDot: true,
            },
            target.version,
          ),
        );
      } else if (frame.op === Op.PING)
        ws.send(encodeFrame({ op: Op.PONG }, version));
    }
  };
  ws.on("message", (data: Buffer) => {
    try {
      handle(decoder.push(new Uint8Array(data)));
    } catch {
      ws.terminate();
    }
  });
  ws.on("close", () => {
    if (byUid.get(uid)?.ws === ws) byUid.delete(uid);
  });
});

wss.on("listening", () => {
  const address = wss.address();
  const port =
    typeof address === "object" && address !== null ? address.port : 0;
  process.send?.({ id: 0, port });
});
process.on("message", (raw) => {
  const { id } = raw as { id: number };
  wss.close();
  process.send?.({ id });
  process.exit(0);
});

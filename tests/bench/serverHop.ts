// The server's part of tab to tab in `npm run bench:messenger` (#20): a fresh user connected twice
// (two devices) with the Node test client on loopback sends text to the demo service account one
// message at a time; measured from the SEND written on one connection to the RECV read on the
// other (the sender's other device gets the same RECV as the recipient, after the same group
// commit) and to the SENDACK. No browser, worker or IndexedDB: what is left of a tab-to-tab time
// once this is taken away is the two browsers' share.
import { ChannelType, ContentType, Op, ReasonCode } from "#protocol";
import { freshPhone, signInForIm } from "../support/server/accountsApi";
import { ImTestClient } from "../support/server/im/ImTestClient";

export interface ServerHopResult {
  /** SEND → RECV on the other connection (ms), in send order. */
  toRecv: number[];
  /** SEND → SENDACK (ms). */
  toSendAck: number[];
}

/** A reader's pause between two messages, so each one is a batch of its own, as in tab to tab. */
const GAP_MS = 40;

export async function measureServerHop(
  baseUrl: string,
  peerImId: string,
  messages: number,
): Promise<ServerHopResult> {
  const user = await signInForIm({ baseUrl }, freshPhone());
  const url = `${baseUrl.replace(/^http/, "ws")}/im`;
  const credentials = { uid: user.imId, token: user.imToken };
  const sender = await ImTestClient.connect(url, {
    ...credentials,
    deviceFlag: 1,
  });
  const otherDevice = await ImTestClient.connect(url, {
    ...credentials,
    deviceFlag: 0,
  });
  const result: ServerHopResult = { toRecv: [], toSendAck: [] };
  try {
    for (let i = 0; i < messages; i++) {
      const start = performance.now();
      const send = sender.send(
        { type: ContentType.TEXT, content: `hop ${String(i)}` },
        { channelId: peerImId, channelType: ChannelType.PERSON },
      );
      const recv = otherDevice.next(Op.RECV).then((frame) => {
        result.toRecv.push(performance.now() - start);
        otherDevice.recvack(frame);
      });
      const ack = sender
        .next(Op.SENDACK, (frame) => frame.clientSeq === send.clientSeq)
        .then((frame) => {
          if (frame.reasonCode !== ReasonCode.SUCCESS)
            throw new Error(`SEND refused: reason ${String(frame.reasonCode)}`);
          result.toSendAck.push(performance.now() - start);
        });
      await Promise.all([recv, ack]);
      await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    }
  } finally {
    await sender.close();
    await otherDevice.close();
  }
  return result;
}

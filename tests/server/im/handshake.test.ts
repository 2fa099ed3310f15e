// The gateway's pure protocol decisions: version negotiation, CONNACK layouts byte for byte (§8.6
// vectors), the salt, the key exchange against the SDK's key, RECV drafts byte for byte, and which
// handler each frame goes to in each phase.
import {
  Op,
  ConnectionCrypto,
  decodeFrame,
  encodeFrame,
  encodeUtf8,
  type Op as OpCode,
} from "#protocol";
import { recvDraft } from "../../../server/im/Delivery";
import {
  frameAction,
  type ConnectionPhase,
} from "../../../server/im/frameRouting";
import {
  buildConnack,
  negotiateVersion,
  randomSalt,
  serverKeysFor,
} from "../../../server/im/handshake";
import { nodeCryptoBackend } from "../../support/protocol/nodeCryptoBackend";
import {
  SHEET_FRAMES,
  VECTOR,
  toHexString,
} from "../../support/protocol/protocolFixtures";

describe("negotiateVersion", () => {
  it("keeps 2–5, caps newer clients at 5 and refuses below 2", () => {
    expect([2, 3, 4, 5, 6, 9].map(negotiateVersion)).toEqual([
      2, 3, 4, 5, 5, 5,
    ]);
    expect([0, 1, 2.5, Number.NaN].map(negotiateVersion)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});

describe("buildConnack", () => {
  const fields = {
    reasonCode: 1,
    timeDiff: 0n,
    serverKey: VECTOR.serverKey,
    salt: VECTOR.salt,
    nodeId: 1n,
  } as const;

  it("v2 (and v3): 0x20, no serverVersion, no nodeId — the §8.6 bytes", () => {
    const frame = buildConnack({ ...fields, clientVersion: 2 });
    expect(toHexString(encodeFrame(frame, 2))).toBe(SHEET_FRAMES.connackV2);
    expect(
      buildConnack({ ...fields, clientVersion: 3 }).serverVersion,
    ).toBeUndefined();
  });

  it("v4: 0x21 with serverVersion 4 and nodeId — the §8.6 bytes; v5 and v6 announce 5", () => {
    const frame = buildConnack({ ...fields, clientVersion: 4 });
    expect(toHexString(encodeFrame(frame, 4))).toBe(SHEET_FRAMES.connackV4);
    expect(buildConnack({ ...fields, clientVersion: 5 }).serverVersion).toBe(5);
    expect(buildConnack({ ...fields, clientVersion: 6 }).serverVersion).toBe(5);
  });
});

describe("randomSalt / serverKeysFor", () => {
  it("salts are 16 alphanumerics and differ", () => {
    const salts = new Set(
      Array.from({ length: 200 }, () => randomSalt(nodeCryptoBackend)),
    );
    expect(salts.size).toBe(200);
    for (const s of salts) expect(s).toMatch(/^[A-Za-z0-9]{16}$/);
  });

  it("derives the same session keys as the client and refuses unusable client keys", () => {
    const keys = serverKeysFor(VECTOR.clientKey, nodeCryptoBackend)!;
    const client = ConnectionCrypto.fromKeyExchange(
      {
        privateKey: encodeUtf8(VECTOR.clientSeedAscii),
        peerPublicKey: keys.serverKey,
        salt: keys.salt,
      },
      nodeCryptoBackend,
    );
    expect(client.aesKey).toBe(keys.crypto.aesKey);
    expect(client.aesIV).toBe(keys.salt);
    expect(serverKeysFor("", nodeCryptoBackend)).toBeNull();
    expect(serverKeysFor("bm90IGEga2V5", nodeCryptoBackend)).toBeNull();
    expect(
      serverKeysFor(Buffer.alloc(32).toString("base64"), nodeCryptoBackend),
    ).toBeNull();
  });
});

describe("recvDraft", () => {
  const crypto = new ConnectionCrypto(
    { aesKey: VECTOR.aesKey, aesIV: VECTOR.aesIV },
    nodeCryptoBackend,
  );
  const message = {
    messageId: VECTOR.recv.messageID,
    messageSeq: VECTOR.recv.messageSeq,
    timestamp: VECTOR.recv.timestamp,
    fromUid: VECTOR.recv.fromUID,
    channelId: "alice",
    channelType: 1,
    clientMsgNo: VECTOR.recv.clientMsgNo,
    setting: 0,
    topic: null,
    expire: 0,
    redDot: true,
    noPersist: false,
    syncOnce: false,
    payload: encodeUtf8(VECTOR.plainPayload),
  };

  it("sealed for the §8.6 session it is exactly the sheet's RECV in v2 and v4", () => {
    const frame = crypto.sealRecv(
      recvDraft(message, VECTOR.recv.channelID, true),
      message.payload,
    );
    expect(frame.msgKey).toBe(VECTOR.recv.msgKey);
    expect(toHexString(encodeFrame(frame, 2))).toBe(SHEET_FRAMES.recvV2);
    expect(toHexString(encodeFrame(frame, 4))).toBe(SHEET_FRAMES.recvV4);
  });

  it("carries the channel as the receiver sees it, the red dot given, and the topic", () => {
    const draft = recvDraft(
      { ...message, setting: 0x88, topic: "t" },
      "peer",
      false,
    );
    expect(draft).toMatchObject({
      channelID: "peer",
      redDot: false,
      topic: "t",
    });
    expect(draft.setting.receipt).toBe(true);
    const bytes = encodeFrame(crypto.sealRecv(draft, message.payload), 5);
    const back = decodeFrame(bytes, 5);
    expect(back).toMatchObject({ op: Op.RECV, topic: "t", channelID: "peer" });
  });
});

describe("frameAction", () => {
  const all = Object.values(Op) as OpCode[];
  const table = (phase: ConnectionPhase) =>
    Object.fromEntries(all.map((op) => [op, frameAction(phase, op)]));

  it("before CONNECT only CONNECT is accepted", () => {
    const t = table("awaitingConnect");
    expect(t[Op.CONNECT]).toBe("connect");
    for (const op of all.filter((o) => o !== Op.CONNECT))
      expect(t[op]).toBe("protocolError");
  });

  it("while authenticating nothing is expected; after it, the client's packets", () => {
    for (const op of all)
      expect(frameAction("authenticating", op)).toBe("protocolError");
    const t = table("open");
    expect(t).toMatchObject({
      [Op.SEND]: "send",
      [Op.RECVACK]: "recvack",
      [Op.PING]: "ping",
      [Op.SUB]: "sub",
      [Op.DISCONNECT]: "clientDisconnect",
    });
    for (const op of [
      Op.CONNECT,
      Op.CONNACK,
      Op.SENDACK,
      Op.RECV,
      Op.PONG,
      Op.SUBACK,
      Op.EVENT,
    ])
      expect(t[op]).toBe("protocolError");
    for (const op of all) expect(frameAction("closed", op)).toBe("ignore");
  });
});

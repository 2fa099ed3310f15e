// Drives the official client's codec (npm wukongimjssdk@1.0.4, protocol v2) as a black box through
// its exported classes: builds its packet objects from our frames and reads its decoded packets back
// into our frame shape, so tests and the benchmark can compare the two codecs field by field.
import { Op, type Frame, type RecvFrame } from "#protocol";
import { Md5 } from "md5-typescript";
import Proto, {
  ConnackPacket,
  ConnectPacket,
  DisconnectPacket,
  PingPacket,
  PongPacket,
  RecvackPacket,
  RecvPacket,
  SendPacket,
  SendackPacket,
  Setting,
  SubPacket,
  SubackPacket,
  type Packet,
} from "wukongimjssdk/lib/proto";
import { SecurityManager } from "wukongimjssdk/lib/security";

/** The SDK's codec object (its WKSDK.shared().config.proto is one of these). */
export const sdkProto = new Proto();

/** Sets the SDK's module-level session key and IV (what its CONNACK handler does, §8.2). */
export function setSdkSessionKeys(aesKey: string, aesIV: string): void {
  const sm = SecurityManager.shared();
  sm.aesKey = aesKey;
  sm.aesIV = aesIV;
}

function flagsOf(p: Packet) {
  return {
    dup: p.dup,
    syncOnce: p.syncOnce,
    redDot: p.reddot,
    noPersist: p.noPersist,
  };
}

function setFlags(p: Packet, f: Frame): void {
  p.dup = f.dup === true;
  p.syncOnce = f.syncOnce === true;
  p.reddot = f.redDot === true;
  p.noPersist = "noPersist" in f && f.noPersist;
}

/**
 * An SDK packet for one of the frames the SDK encodes (CONNECT, SEND, RECVACK, SUB, PING). For SEND,
 * `plaintext` is the unencrypted payload: the SDK encrypts it and computes the msgKey itself.
 */
export function toSdkPacket(f: Frame, plaintext?: Uint8Array): Packet {
  if (f.op === Op.CONNECT) {
    const p = new ConnectPacket();
    p.version = f.version;
    p.deviceFlag = f.deviceFlag;
    p.deviceID = f.deviceID;
    p.uid = f.uid;
    p.token = f.token;
    p.clientTimestamp = Number(f.clientTimestamp);
    p.clientKey = f.clientKey;
    setFlags(p, f);
    return p;
  }
  if (f.op === Op.SEND) {
    const p = new SendPacket();
    const s = new Setting();
    s.receiptEnabled = f.setting.receipt === true;
    s.topic = f.topic !== undefined;
    if (f.setting.legacyStream === true) s.streamNo = f.streamNo ?? "";
    p.setting = s;
    p.clientSeq = f.clientSeq;
    p.clientMsgNo = f.clientMsgNo;
    p.streamNo = f.streamNo ?? "";
    p.channelID = f.channelID;
    p.channelType = f.channelType;
    if (f.topic !== undefined) p.topic = f.topic;
    p.payload = plaintext ?? new Uint8Array(0);
    setFlags(p, f);
    return p;
  }
  if (f.op === Op.RECVACK) {
    const p = new RecvackPacket();
    p.messageID = f.messageID.toString();
    p.messageSeq = f.messageSeq;
    setFlags(p, f);
    return p;
  }
  if (f.op === Op.SUB) {
    const p = new SubPacket();
    p.setting = f.setting;
    p.clientMsgNo = f.subNo;
    p.channelID = f.channelID;
    p.channelType = f.channelType;
    p.action = f.action;
    p.param = f.param;
    setFlags(p, f);
    return p;
  }
  if (f.op === Op.PING) return new PingPacket();
  throw new Error(`the SDK does not encode packet type ${f.op}`);
}

/** Reads a packet the SDK decoded (CONNACK, SENDACK, RECV, DISCONNECT, SUBACK, PONG) into our v2 frame shape. */
export function fromSdkPacket(p: Packet): Frame {
  if (p instanceof ConnackPacket) {
    const { dup, syncOnce, redDot } = flagsOf(p);
    return {
      op: Op.CONNACK,
      dup,
      syncOnce,
      redDot,
      timeDiff: BigInt(p.timeDiff.toFixed()),
      reasonCode: p.reasonCode,
      serverKey: p.serverKey,
      salt: p.salt,
    };
  }
  if (p instanceof SendackPacket) {
    return {
      op: Op.SENDACK,
      ...flagsOf(p),
      messageID: BigInt(p.messageID.toFixed()),
      clientSeq: p.clientSeq,
      messageSeq: p.messageSeq,
      reasonCode: p.reasonCode,
    };
  }
  if (p instanceof RecvPacket) {
    const f: RecvFrame = {
      op: Op.RECV,
      ...flagsOf(p),
      setting: {
        receipt: p.setting.receiptEnabled,
        legacyStream: p.setting.streamOn,
      },
      msgKey: p.msgKey,
      fromUID: p.fromUID,
      channelID: p.channelID,
      channelType: p.channelType,
      clientMsgNo: p.clientMsgNo,
      messageID: BigInt(p.messageID),
      messageSeq: p.messageSeq,
      timestamp: p.timestamp,
      payload: p.payload,
    };
    if (p.setting.streamOn)
      f.stream = {
        layout: "legacy",
        no: p.streamNo,
        seq: p.streamSeq,
        flag: p.streamFlag,
      };
    if (p.setting.topic) f.topic = p.topic ?? "";
    return f;
  }
  if (p instanceof DisconnectPacket)
    return {
      op: Op.DISCONNECT,
      ...flagsOf(p),
      reasonCode: p.reasonCode,
      reason: p.reason,
    };
  if (p instanceof SubackPacket) {
    return {
      op: Op.SUBACK,
      ...flagsOf(p),
      subNo: p.clientMsgNo,
      channelID: p.channelID,
      channelType: p.channelType,
      action: p.action,
      reasonCode: p.reasonCode,
    };
  }
  if (p instanceof PongPacket) return { op: Op.PONG };
  throw new Error(`the SDK does not decode packet type ${p.packetType}`);
}

/**
 * The SDK client's RECV handling (chat_manager): verify the msgKey with its own AES/MD5 stack, then
 * decrypt. Returns the plaintext, or `undefined` where the SDK would drop the packet.
 */
export function sdkOpenRecv(p: Packet): Uint8Array | undefined {
  if (!(p instanceof RecvPacket))
    throw new Error(`expected a RECV, got packet type ${p.packetType}`);
  const sm = SecurityManager.shared();
  if (Md5.init(sm.encryption(p.veritifyString)) !== p.msgKey) return undefined;
  return sm.decryption(p.payload);
}

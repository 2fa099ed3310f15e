// Public entry of the WuKongIM wire-protocol library (`#protocol`): frames, encoder, streaming
// decoder, handshake crypto and payload contents. Pure: no I/O, timers, logging, DOM or Node APIs.
// Section numbers (§n) refer to docs/wukongim-protocol.md.

export {
  PROTOCOL_VERSION,
  MIN_PROTOCOL_VERSION,
  MAX_PROTOCOL_VERSION,
  MAX_FRAME_BYTES,
  MAX_REMAINING_LENGTH,
  MAX_STRING_BYTES,
  ChannelType,
  DeviceFlag,
  DeviceLevel,
  StreamFlag,
  SubAction,
  isSupportedVersion,
} from "./constants";
export type { ProtocolVersion } from "./constants";
export {
  ReasonCode,
  REASON_CODE_NAMES,
  isReasonCode,
  reasonCodeName,
} from "./reasonCodes";
export { CloseCode } from "./closeCodes";
export { Op, OP_NAMES, HeaderFlag, SettingBit, isOp } from "./opcodes";
export { ProtocolError } from "./errors";
export type { ProtocolErrorCode } from "./errors";
export type {
  Frame,
  FrameOf,
  FrameFlags,
  MessageSetting,
  ConnectFrame,
  ConnackFrame,
  SendFrame,
  SendackFrame,
  RecvFrame,
  RecvStream,
  GoRecvStream,
  LegacyRecvStream,
  RecvackFrame,
  PingFrame,
  PongFrame,
  DisconnectFrame,
  SubFrame,
  SubackFrame,
  EventFrame,
} from "./frames";
export { parseSetting, settingByte, VersionRule } from "./setting";
export { encodeFrame } from "./encode";
export type { EncodeOptions } from "./encode";
export { decodeFrame } from "./decode";
export type { DecodeOptions } from "./decode";
export { FrameDecoder } from "./FrameDecoder";
export type { FrameDecoderOptions } from "./FrameDecoder";
export { encodeUtf8, decodeUtf8 } from "./utf8";

export type { BoundAesCbc, CryptoBackend } from "./CryptoBackend";
export { nobleBackend, cryptoRandomBytes } from "./nobleBackend";
export {
  generateKeyPair,
  keyPairFromPrivateKey,
  decodePublicKey,
  sharedSecret,
} from "./keyPair";
export type { KeyPair } from "./keyPair";
export { ConnectionCrypto, deriveConnectionKeys } from "./ConnectionCrypto";
export type {
  ConnectionKeys,
  KeyExchange,
  SendSignFields,
  RecvSignFields,
  SendDraft,
  RecvDraft,
} from "./ConnectionCrypto";
export {
  base64Encode,
  base64Decode,
  base64EncodeBytes,
  base64DecodeBytes,
  toHex,
} from "./binaryText";

export {
  ContentType,
  SYSTEM_UID,
  isFromSystem,
  isServerOnlyContentType,
  isSystemContentType,
} from "./contentType";
export type {
  MessageContent,
  ContentCommon,
  TextContent,
  ImageContent,
  StreamContent,
  CmdContent,
  SystemContent,
  SystemExtra,
  SignalContent,
  UnknownContent,
  Mention,
  Reply,
} from "./content";
export { encodeContent, contentToJson } from "./encodeContent";
export { decodeContent, contentFromJson } from "./decodeContent";
export { renderSystemText } from "./systemText";

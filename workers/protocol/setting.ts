// The SEND/RECV setting byte (§6) ⇄ MessageSetting, and the fixed-header flag nibble (§3.1).
import { HeaderFlag, SettingBit } from "./opcodes";
import type { FrameFlags, MessageSetting } from "./frames";

/** Decodes a setting byte. The topic bit is not part of the result (see {@link MessageSetting}). */
export function parseSetting(b: number): Required<MessageSetting> {
  return {
    receipt: (b & SettingBit.RECEIPT) !== 0,
    signal: (b & SettingBit.SIGNAL) !== 0,
    noEncrypt: (b & SettingBit.NO_ENCRYPT) !== 0,
    stream: (b & SettingBit.STREAM) !== 0,
    legacyStream: (b & SettingBit.LEGACY_STREAM) !== 0,
  };
}

/** Encodes a setting; `hasTopic` sets bit 0x08. */
export function settingByte(s: MessageSetting, hasTopic: boolean): number {
  return (
    (s.receipt === true ? SettingBit.RECEIPT : 0) |
    (s.signal === true ? SettingBit.SIGNAL : 0) |
    (s.noEncrypt === true ? SettingBit.NO_ENCRYPT : 0) |
    (hasTopic ? SettingBit.TOPIC : 0) |
    (s.legacyStream === true ? SettingBit.LEGACY_STREAM : 0) |
    (s.stream === true ? SettingBit.STREAM : 0)
  );
}

/** The low nibble of the fixed header for these flags (§3.1). */
export function flagNibble(f: FrameFlags): number {
  return (
    (f.dup === true ? HeaderFlag.DUP : 0) |
    (f.syncOnce === true ? HeaderFlag.SYNC_ONCE : 0) |
    (f.redDot === true ? HeaderFlag.RED_DOT : 0) |
    (f.noPersist === true ? HeaderFlag.NO_PERSIST : 0)
  );
}

/**
 * The version rules of §7, in one place.
 * - `expire` (SEND, RECV) from v3;
 * - stream fields (SEND streamNo, RECV stream) when 2 ≤ v < 5 and a stream bit is set;
 * - EVENT only from v5.
 */
export const VersionRule = {
  hasExpire: (v: number): boolean => v >= 3,
  hasStreamFields: (v: number): boolean => v >= 2 && v < 5,
  hasEvent: (v: number): boolean => v >= 5,
  /** CONNACK nodeId: Go writes it when v ≥ 4 (and then sets HasServerVersion); JS4 reads it when serverVersion ≥ 4. */
  connackHasNodeId: (serverVersion: number | undefined): boolean =>
    serverVersion !== undefined && serverVersion >= 4,
} as const;

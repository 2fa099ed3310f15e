// The constant tables against the fact sheet (§4, §10, §11) and wukongimjssdk@1.0.4's own enums.
import {
  ChannelType,
  CloseCode,
  DeviceFlag,
  MAX_PROTOCOL_VERSION,
  MIN_PROTOCOL_VERSION,
  Op,
  OP_NAMES,
  PROTOCOL_VERSION,
  REASON_CODE_NAMES,
  ReasonCode,
  isOp,
  isSupportedVersion,
  reasonCodeName,
} from "#protocol";
import { PacketType } from "wukongimjssdk/lib/proto";
import {
  ChannelTypeData,
  ChannelTypeGroup,
  ChannelTypePerson,
  ReasonCode as SdkReason,
} from "wukongimjssdk/lib/model";

test("PROTOCOL_VERSION is 4; versions 2..5 are supported", () => {
  expect(PROTOCOL_VERSION).toBe(4);
  expect([MIN_PROTOCOL_VERSION, MAX_PROTOCOL_VERSION]).toEqual([2, 5]);
  expect([1, 2, 3, 4, 5, 6, 2.5].map(isSupportedVersion)).toEqual([
    false,
    true,
    true,
    true,
    true,
    false,
    false,
  ]);
});

test("packet types match the SDK's PacketType and the sheet (§4)", () => {
  for (const [name, n] of Object.entries(Op)) {
    expect(OP_NAMES[n]).toBe(name);
    if (n !== Op.EVENT)
      expect((PacketType as unknown as Record<string, number>)[name]).toBe(n);
  }
  expect(Op.EVENT).toBe(12);
  expect([0, 13, 14, 15].some(isOp)).toBe(false);
});

test("reason codes 0–25 in Go's order, with the sheet's names (§11)", () => {
  const values = Object.values(ReasonCode);
  expect(values).toEqual(Array.from({ length: 26 }, (_, i) => i));
  expect(Object.keys(REASON_CODE_NAMES)).toHaveLength(26);
  expect(reasonCodeName(1)).toBe("success");
  expect(reasonCodeName(8)).toBe("msgKeyError");
  expect(reasonCodeName(25)).toBe("sendBan");
  expect(reasonCodeName(99)).toBe("reason99");
  // the SDK's enum stops at 23 and prefixes some names with "reason"; the numbers agree
  for (let i = 0; i <= 23; i++) {
    const sdkName = (SdkReason as unknown as Record<number, string>)[i]!;
    expect(sdkName.replace(/^reason(?=[A-Z])/, "").toLowerCase()).toBe(
      REASON_CODE_NAMES[i as ReasonCode].toLowerCase(),
    );
  }
});

test("channel types and device flags (§10)", () => {
  expect([ChannelType.PERSON, ChannelType.GROUP, ChannelType.DATA]).toEqual([
    ChannelTypePerson,
    ChannelTypeGroup,
    ChannelTypeData,
  ]);
  expect(Object.values(ChannelType)).toEqual([
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
  ]);
  expect(DeviceFlag).toEqual({ APP: 0, WEB: 1, PC: 2, SYSTEM: 99 });
});

test("close codes are distinct and in the private 4000–4999 range", () => {
  const codes = Object.values(CloseCode);
  expect(new Set(codes).size).toBe(codes.length);
  expect(codes.every((c) => c >= 4000 && c <= 4999)).toBe(true);
});

// SENDACK reasons: which refusals are permanent, checked against the codec's reason-code names.
import { describe, expect, it } from "vitest";
import { ReasonCode } from "#protocol";
import {
  PERMANENT_SEND_REASONS,
  SEND_RETRY_BASE_DELAY_MS,
  SEND_RETRY_MAX_DELAY_MS,
  classifySendAck,
  sendRetryDelay,
} from "../../../workers/outbox/sendAckRules";

describe("classifySendAck", () => {
  it("treats only success as ok", () => {
    expect(classifySendAck(ReasonCode.SUCCESS)).toBe("ok");
  });

  it("names the same permanent refusals as the protocol's reason table", () => {
    const permanent = [
      ReasonCode.AUTH_FAIL,
      ReasonCode.SUBSCRIBER_NOT_EXIST,
      ReasonCode.IN_BLACKLIST,
      ReasonCode.CHANNEL_NOT_EXIST,
      ReasonCode.NOT_ALLOW_SEND,
      ReasonCode.NOT_IN_WHITELIST,
      ReasonCode.CHANNEL_ID_ERROR,
      ReasonCode.BAN,
      ReasonCode.NOT_SUPPORT_HEADER,
      ReasonCode.CLIENT_KEY_IS_EMPTY,
      ReasonCode.NOT_SUPPORT_CHANNEL_TYPE,
      ReasonCode.DISBAND,
      ReasonCode.SEND_BAN,
    ];
    expect([...PERMANENT_SEND_REASONS].sort((a, b) => a - b)).toEqual(
      permanent,
    );
    for (const code of permanent)
      expect(classifySendAck(code)).toBe("permanent");
  });

  it("retries system errors, rate limits, key errors and unknown codes", () => {
    for (const code of [
      ReasonCode.SYSTEM_ERROR,
      ReasonCode.RATE_LIMIT,
      ReasonCode.MSG_KEY_ERROR,
      ReasonCode.UNKNOWN,
      26,
      200,
    ]) {
      expect(classifySendAck(code)).toBe("transient");
    }
  });
});

describe("sendRetryDelay", () => {
  it("doubles from 1 s and stops at 30 s", () => {
    expect([1, 2, 3, 4, 5, 6].map(sendRetryDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000,
    ]);
    expect(SEND_RETRY_BASE_DELAY_MS).toBe(1_000);
    expect(sendRetryDelay(100)).toBe(SEND_RETRY_MAX_DELAY_MS);
  });
});

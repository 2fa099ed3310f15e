// Building outgoing rows: valid input becomes a wait message plus its outbox entry; bad input is a
// MessengerFailure (INVALID_ARGUMENT, or the image's precise reason), never a row.
import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS } from "#contract";
import { MAX_TEXT_LENGTH } from "../../../workers/api";
import {
  buildImageMessage,
  buildTextMessage,
  newClientMsgNo,
} from "../../../workers/outbox/outgoing";
import { ProtocolError } from "#protocol";
import {
  MessengerFailure,
  toMessengerError,
} from "../../../workers/messenger/errors";

const ctx = { selfUid: "me", clientMsgNo: "cmn-1", now: 1_700_000_000_000 };
const peer = { channelId: "peer", channelType: 1 };

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof MessengerFailure
      ? error.code
      : "NOT_A_SESSION_FAILURE";
  }
  return undefined;
}

describe("outgoing rows", () => {
  it("builds a text message in status wait and its pending outbox entry", () => {
    const rows = buildTextMessage(peer, "hello 你好", ctx);
    expect(rows.message).toEqual({
      clientMsgNo: "cmn-1",
      channelId: "peer",
      channelType: 1,
      fromUid: "me",
      timestamp: ctx.now,
      contentType: 1,
      content: { type: 1, content: "hello 你好" },
      status: "wait",
      redDot: true,
      receipt: false,
      readed: false,
      isDeleted: false,
    });
    expect(rows.outbox).toMatchObject({
      clientMsgNo: "cmn-1",
      state: "pending",
      content: { type: 1, content: "hello 你好" },
    });
    expect(rows.upload).toBeUndefined();
  });

  it.each([
    ["empty text", () => buildTextMessage(peer, "", ctx)],
    ["blank text", () => buildTextMessage(peer, " \n\t", ctx)],
    [
      "too long text",
      () => buildTextMessage(peer, "x".repeat(MAX_TEXT_LENGTH + 1), ctx),
    ],
    [
      "empty channel id",
      () => buildTextMessage({ channelId: "", channelType: 1 }, "hi", ctx),
    ],
    [
      "bad channel type",
      () => buildTextMessage({ channelId: "p", channelType: 0 }, "hi", ctx),
    ],
    [
      "bad size",
      () =>
        buildImageMessage(
          peer,
          { file: new Blob(["x"], { type: "image/png" }), width: 0, height: 1 },
          ctx,
        ),
    ],
  ])("rejects %s with INVALID_ARGUMENT", (_name, build) => {
    expect(codeOf(build)).toBe("INVALID_ARGUMENT");
  });

  const image = (
    bytes: number,
    type: string,
    width = 640,
    height = 480,
  ): (() => unknown) => {
    const file = new Blob([new Uint8Array(bytes)], { type });
    return () => buildImageMessage(peer, { file, width, height }, ctx);
  };

  it.each([
    ["an empty file", image(0, "image/png"), "IMAGE_DAMAGED"],
    ["a text file", image(1, "text/plain"), "IMAGE_NOT_ACCEPTED"],
    [
      "a HEIC photo (the server stores none)",
      image(1, "image/heic"),
      "IMAGE_NOT_ACCEPTED",
    ],
    [
      "one byte over the limit",
      image(MAX_UPLOAD_BYTES + 1, "image/jpeg"),
      "IMAGE_TOO_LARGE",
    ],
    ["too many pixels", image(1, "image/png", 4097, 4096), "IMAGE_TOO_LARGE"],
  ])("refuses %s as the server would (%s)", (_name, build, code) => {
    expect(codeOf(build)).toBe(code);
  });

  it("accepts what the server accepts: the byte and pixel limits exactly", () => {
    expect(codeOf(image(MAX_UPLOAD_BYTES, "image/jpeg"))).toBeUndefined();
    expect(
      codeOf(image(1, "image/gif", 4096, MAX_UPLOAD_PIXELS / 4096)),
    ).toBeUndefined();
  });

  it("accepts the longest allowed text", () => {
    expect(
      codeOf(() => buildTextMessage(peer, "x".repeat(MAX_TEXT_LENGTH), ctx)),
    ).toBeUndefined();
  });

  it("keeps an image's file in the outbox and starts its upload in wait", () => {
    const file = new Blob([new Uint8Array(10)], { type: "image/jpeg" });
    const rows = buildImageMessage(
      peer,
      { file, width: 640, height: 480 },
      ctx,
    );
    expect(rows.message.content).toEqual({ type: 2, width: 640, height: 480 });
    expect(rows.outbox.media).toEqual({
      blob: file,
      mime: "image/jpeg",
      width: 640,
      height: 480,
    });
    expect(rows.upload).toEqual({
      clientMsgNo: "cmn-1",
      state: "wait",
      loaded: 0,
      total: 10,
      updatedAt: ctx.now,
    });
  });

  it("makes clientMsgNos in the v4 SDK shape", () => {
    expect(newClientMsgNo(new Uint8Array(16).fill(0xab))).toBe(
      `${"ab".repeat(16)}_0_3`,
    );
    expect(() => newClientMsgNo(new Uint8Array(3))).toThrow();
  });
});

describe("toMessengerError", () => {
  it("keeps a MessengerFailure's code and marks what is retryable", () => {
    expect(toMessengerError(new MessengerFailure("NOT_FOUND", "gone"))).toEqual(
      {
        code: "NOT_FOUND",
        message: "gone",
        retryable: false,
      },
    );
    expect(
      toMessengerError(new MessengerFailure("NETWORK", "down")).retryable,
    ).toBe(true);
  });

  it("maps storage refusals to STORAGE_FAILED and anything else to INTERNAL", () => {
    const quota = Object.assign(new Error("full"), {
      name: "QuotaExceededError",
    });
    expect(toMessengerError(quota).code).toBe("STORAGE_FAILED");
    expect(toMessengerError(new TypeError("x is undefined"))).toEqual({
      code: "INTERNAL",
      message: "TypeError: x is undefined",
      retryable: false,
    });
    expect(toMessengerError("weird").code).toBe("INTERNAL");
  });

  it("reports bytes from the server that do not decode as the server's error, not a worker bug", () => {
    expect(
      toMessengerError(new ProtocolError("BAD_TYPE", "packet type 15")),
    ).toEqual({
      code: "SERVER_ERROR",
      message: "BAD_TYPE: packet type 15",
      retryable: true,
    });
  });
});

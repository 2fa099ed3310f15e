// The webhook parser on bodies captured from WuKongIM v2.2.5 (tests/server/im/wukongim/
// realWebhooks.test.ts produces the same shapes live): exact int64 ids, the online-status strings
// read from the right, gzip recipient lists, and the truncated gzip v2.2.5 really sends.
import { gzipSync } from "node:zlib";
import { expect, it } from "vitest";
import {
  parseOnlineStatusLine,
  parseWebhookEvent,
  WukongImWebhookError,
} from "../../../../server/im/wukongim/webhookEvents";

const PAYLOAD = "eyJ0eXBlIjoxLCJjb250ZW50IjoidG8gY2Fyb2wifQ==";
const MESSAGE = `"header":{"no_persist":0,"red_dot":1,"sync_once":0},"setting":0,"message_id":2126028716738875392,"message_idstr":"2126028716738875392","client_msg_no":"6ce40244bcec41c7954366f991ea7f143","message_seq":1,"from_uid":"alice","channel_id":"carol","channel_type":1,"expire":0,"timestamp":1795719720,"payload":"${PAYLOAD}"`;

const expectedMessage = {
  header: { no_persist: 0, red_dot: 1, sync_once: 0 },
  setting: 0,
  message_id: 2126028716738875392n,
  message_idstr: "2126028716738875392",
  client_msg_no: "6ce40244bcec41c7954366f991ea7f143",
  message_seq: 1,
  from_uid: "alice",
  channel_id: "carol",
  channel_type: 1,
  expire: 0,
  timestamp: 1795719720,
  payload: PAYLOAD,
};

it("msg.notify: an array of messages with exact ids", () => {
  expect(parseWebhookEvent("msg.notify", `[{${MESSAGE}}]`)).toEqual({
    event: "msg.notify",
    messages: [expectedMessage],
  });
});

it("msg.offline: the message and its plain to_uids (body as bytes)", () => {
  const body = Buffer.from(`{${MESSAGE},"to_uids":["carol"],"source_id":1}`);
  expect(parseWebhookEvent("msg.offline", body)).toEqual({
    event: "msg.offline",
    message: expectedMessage,
    to_uids: ["carol"],
    source_id: 1,
  });
});

it("msg.offline: a complete gzip compress_to_uids is read", () => {
  const compressed = gzipSync(JSON.stringify(["bob", "carol"])).toString(
    "base64",
  );
  const event = parseWebhookEvent(
    "msg.offline",
    `{${MESSAGE},"to_uids":[],"compress":"gzip","compress_to_uids":"${compressed}","source_id":1}`,
  );
  expect(event).toMatchObject({ to_uids: ["bob", "carol"] });
});

it("msg.offline: v2.2.5's header-only gzip (the list is lost) gives to_uids null", () => {
  // Measured verbatim: WuKongIM reads the buffer before closing the gzip writer.
  const event = parseWebhookEvent(
    "msg.offline",
    `{${MESSAGE},"to_uids":[],"compress":"gzip","compress_to_uids":"H4sIAAAAAAAA/w==","source_id":1}`,
  );
  expect(event).toMatchObject({
    event: "msg.offline",
    message: expectedMessage,
    to_uids: null,
  });
});

it("msg.offline: an unknown compression gives to_uids null", () => {
  expect(
    parseWebhookEvent(
      "msg.offline",
      `{${MESSAGE},"to_uids":[],"compress":"zstd","compress_to_uids":"AAAA"}`,
    ),
  ).toMatchObject({ to_uids: null, source_id: 0 });
});

it("user.onlinestatus: each string becomes a change, numbers read from the right", () => {
  expect(
    parseWebhookEvent(
      "user.onlinestatus",
      '["alice-1-1-1-1-1","bob-1-1-2-2-2","a-b-c-0-0-17-0-3"]',
    ),
  ).toEqual({
    event: "user.onlinestatus",
    changes: [
      {
        uid: "alice",
        deviceFlag: 1,
        online: true,
        connId: 1,
        deviceOnlineCount: 1,
        totalOnlineCount: 1,
      },
      {
        uid: "bob",
        deviceFlag: 1,
        online: true,
        connId: 2,
        deviceOnlineCount: 2,
        totalOnlineCount: 2,
      },
      {
        uid: "a-b-c",
        deviceFlag: 0,
        online: false,
        connId: 17,
        deviceOnlineCount: 0,
        totalOnlineCount: 3,
      },
    ],
  });
});

it.each(["alice-1-1-1-1", "-1-1-1-1-1", "alice-1-2-1-1-1", "alice-1-x-1-1-1"])(
  "user.onlinestatus refuses %j",
  (line) => {
    expect(() => parseOnlineStatusLine(line)).toThrow(WukongImWebhookError);
  },
);

it("events it does not read are ignored, not refused", () => {
  expect(parseWebhookEvent("msg.stream", "whatever")).toEqual({
    event: "ignored",
    name: "msg.stream",
  });
});

it("a malformed body is a WukongImWebhookError naming the event", () => {
  expect(() => parseWebhookEvent("msg.notify", "{")).toThrow(
    /WuKongIM webhook msg.notify: body is not JSON/,
  );
  expect(() => parseWebhookEvent("msg.offline", '{"to_uids":[]}')).toThrow(
    WukongImWebhookError,
  );
  expect(() => parseWebhookEvent("user.onlinestatus", "[1]")).toThrow(
    /user.onlinestatus: unexpected body/,
  );
});

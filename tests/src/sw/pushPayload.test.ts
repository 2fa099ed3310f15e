// The service worker reads exactly what the server writes, and nothing malformed.
import { messagePush, readPush } from "../../../server/domain/push/pushPayload";
import { isPushOpenMessage } from "../../../src/sw/pushOpenMessage";
import { parsePushPayload, pushJson } from "../../../src/sw/pushPayload";

describe("push payloads in the service worker", () => {
  it("parses the server's message and read pushes unchanged", () => {
    const message = messagePush(
      {
        fromUid: "u1",
        channelType: 1,
        messageSeq: 9,
        contentType: 1,
        payloadText: JSON.stringify({ type: 1, content: "你好" }),
        senderName: "慧明",
        unread: 2,
      },
      "cn",
    );
    const wire = (value: unknown) => pushJson(() => JSON.stringify(value));
    expect(parsePushPayload(wire(message))).toEqual(message);
    const read = readPush("u1", 1, 9);
    expect(parsePushPayload(wire(read))).toEqual(read);
  });

  it("refuses anything else", () => {
    const good = {
      type: "read",
      channelId: "u1",
      channelType: 1,
      tag: "im:1:u1",
      readToSeq: 3,
    };
    expect(pushJson(() => "not json")).toBeUndefined();
    expect(
      pushJson(() => {
        throw new Error("no data");
      }),
    ).toBeUndefined();
    for (const bad of [
      undefined,
      null,
      "read",
      { ...good, type: "other" },
      { ...good, channelId: "" },
      { ...good, readToSeq: -1 },
      { ...good, readToSeq: 1.5 },
      { ...good, type: "message", title: "x", body: "y", unread: 1 },
      {
        ...good,
        type: "message",
        title: 3,
        body: "y",
        messageSeq: 1,
        unread: 1,
      },
    ])
      expect(parsePushPayload(bad), JSON.stringify(bad)).toBeNull();
  });

  it("accepts only same-origin paths in push-open messages", () => {
    expect(
      isPushOpenMessage({ type: "fuyuan-push-open", path: "/destiny?chat=u1" }),
    ).toBe(true);
    for (const path of [
      "//evil.example/x",
      "https://evil.example/",
      "destiny",
      3,
    ])
      expect(isPushOpenMessage({ type: "fuyuan-push-open", path })).toBe(false);
    expect(isPushOpenMessage({ type: "navigate", path: "/x" })).toBe(false);
  });
});

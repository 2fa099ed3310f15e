// Message views and digests: text (and edits), image placeholders (pending images have no URL yet),
// unknown types, system texts rendered through #protocol, revoked messages, in cn and en.
import { i18n } from "@lingui/core";
import { activateLocale } from "../../../../src/i18n/activateLocale";
import { initI18n } from "../../../../src/i18n/activateLocale";
import {
  digestText,
  messageView,
} from "../../../../src/features/messenger/messageView";
import {
  mediaUrl,
  message,
  SELF,
} from "../../../support/ui/messenger/chatFixtures";

afterEach(() => {
  initI18n();
});

it("shows text, with runs of white space folded in the digest", () => {
  const view = messageView(
    message({ content: { type: 1, content: "第一行\n\n第二行  结束" } }),
    SELF,
  );
  expect(view).toEqual({
    kind: "text",
    text: "第一行\n\n第二行  结束",
    edited: false,
  });
  expect(digestText(view, i18n)).toBe("第一行 第二行 结束");
});

it("links a temple's order update to its order, and nothing else", () => {
  const update = (masterOrderNo: string | number | null) =>
    messageView(
      message({
        content: {
          type: 1,
          content: "【订单进度】…",
          orderUpdate: { masterId: 7, masterOrderNo, kind: "planned" },
        },
      }),
      SELF,
    );
  expect(update("202611270123456789")).toEqual({
    kind: "text",
    text: "【订单进度】…",
    edited: false,
    orderNo: "202611270123456789",
  });
  for (const bad of ["../admin", "2026", 2026112701, null])
    expect(update(bad)).not.toHaveProperty("orderNo");
});

it("applies an edit from the message extra", () => {
  const view = messageView(
    message({
      content: { type: 1, content: "旧" },
      extra: {
        readedCount: 0,
        unreadCount: 0,
        revoke: false,
        isEdit: true,
        contentEdit: { type: 1, content: "新" },
        extraVersion: 3,
      },
    }),
    SELF,
  );
  expect(view).toEqual({ kind: "text", text: "新", edited: true });
});

it("shows images with or without their URL, and the placeholder digest", () => {
  const sent = messageView(
    message({
      contentType: 2,
      content: { type: 2, url: mediaUrl("a"), width: 640, height: 480 },
    }),
    SELF,
  );
  expect(sent).toEqual({
    kind: "image",
    url: mediaUrl("a"),
    width: 640,
    height: 480,
  });
  const uploading = messageView(
    message({
      contentType: 2,
      content: { type: 2, width: 10, height: 20 },
      status: "wait",
    }),
    SELF,
  );
  expect(uploading).toEqual({
    kind: "image",
    url: null,
    width: 10,
    height: 20,
  });
  expect(digestText(sent, i18n)).toBe("[图片]");
});

it("loads no image that is not a file our server stores (#19)", () => {
  for (const url of [
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "https://evil.example/media/" + "a".repeat(32) + ".png",
    `${location.origin}/media/lotus.png`,
    `${location.origin}/media/${"a".repeat(32)}.png?x`,
    "/media/" + "a".repeat(32) + ".png",
  ]) {
    const view = messageView(
      message({
        contentType: 2,
        content: { type: 2, url, width: 640, height: 480 },
      }),
      SELF,
    );
    expect([url, view]).toEqual([
      url,
      { kind: "image", url: null, width: 640, height: 480 },
    ]);
  }
});

it("treats unknown types and malformed payloads as unknown, with a placeholder", () => {
  for (const content of [
    { type: 77, foo: 1 },
    { type: 2, url: "x" },
    { type: 1, content: 5 },
    { nope: true },
  ]) {
    const view = messageView(message({ contentType: 0, content }), SELF);
    expect(view).toEqual({ kind: "unknown" });
    expect(digestText(view, i18n)).toBe("[暂不支持的消息]");
  }
});

it("renders system messages with the names from extra", () => {
  const view = messageView(
    message({
      fromUid: "",
      contentType: 1002,
      content: {
        type: 1002,
        content: "{0}邀请{1}加入群聊",
        extra: [
          { uid: "a", name: "小福" },
          { uid: "b", name: "慧明" },
        ],
      },
    }),
    SELF,
  );
  expect(view).toEqual({ kind: "system", text: "小福邀请慧明加入群聊" });
  expect(digestText(view, i18n)).toBe("小福邀请慧明加入群聊");
});

it("does not show a notice a person sent as a system notice (#19)", () => {
  const forged = message({
    fromUid: "mallory",
    contentType: 1001,
    content: {
      type: 1001,
      content: "{0} 已将订单标记为已支付",
      extra: [{ uid: "staff", name: "客服小福" }],
    },
  });
  const view = messageView(forged, SELF);
  expect(view).toEqual({ kind: "unknown" });
  expect(digestText(view, i18n)).toBe("[暂不支持的消息]");
});

it("says who revoked a message", () => {
  const revoked = (revoker: string) =>
    messageView(
      message({
        fromUid: revoker,
        extra: {
          readedCount: 0,
          unreadCount: 0,
          revoke: true,
          revoker,
          isEdit: false,
          extraVersion: 1,
        },
      }),
      SELF,
    );
  expect(revoked(SELF)).toEqual({ kind: "revoked", byMe: true });
  expect(digestText(revoked(SELF), i18n)).toBe("你撤回了一条消息");
  expect(digestText(revoked("peer"), i18n)).toBe("对方撤回了一条消息");
});

it("translates the placeholders", async () => {
  await activateLocale("en");
  expect(
    digestText(
      messageView(
        message({
          contentType: 2,
          content: { type: 2, url: "u", width: 1, height: 1 },
        }),
        SELF,
      ),
      i18n,
    ),
  ).toBe("[Photo]");
  expect(digestText({ kind: "unknown" }, i18n)).toBe("[Unsupported message]");
  await activateLocale("tw");
  expect(digestText({ kind: "revoked", byMe: false }, i18n)).toBe(
    "對方收回了一則訊息",
  );
});

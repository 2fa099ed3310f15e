// What the service worker does with pushes and clicks: one notification per conversation, newest
// wins, none while a focused window shows the conversation, closed when read elsewhere; a click
// focuses the right window or opens one.
import {
  type NotificationData,
  planClick,
  planPush,
  type WindowInfo,
} from "../../../src/sw/notificationPlan";
import type { MessagePush, ReadPush } from "../../../src/sw/pushPayload";

const ORIGIN = "https://fuyuan.example";
const message = (
  seq: number,
  over: Partial<MessagePush> = {},
): MessagePush => ({
  type: "message",
  channelId: "u1",
  channelType: 1,
  title: "慧明",
  body: "阿弥陀佛",
  messageSeq: seq,
  tag: "im:1:u1",
  unread: 1,
  ...over,
});
const read = (readToSeq: number): ReadPush => ({
  type: "read",
  channelId: "u1",
  channelType: 1,
  tag: "im:1:u1",
  readToSeq,
});
const shown = (seq: number): NotificationData => ({
  channelId: "u1",
  channelType: 1,
  messageSeq: seq,
  path: "/destiny?chat=u1",
});
const win = (path: string, over: Partial<WindowInfo> = {}): WindowInfo => ({
  url: `${ORIGIN}${path}`,
  focused: false,
  visible: false,
  ...over,
});

describe("planPush", () => {
  it("shows a message under its conversation's tag, without alerting again", () => {
    expect(planPush(message(5), [win("/my", { focused: true })], [])).toEqual({
      show: {
        title: "慧明",
        options: {
          body: "阿弥陀佛",
          tag: "im:1:u1",
          renotify: false,
          icon: "/icons/icon-192.png",
          data: shown(5),
        },
      },
      close: [],
    });
    expect(
      planPush(message(6), [], [shown(5)]).show?.options.data.messageSeq,
    ).toBe(6);
  });

  it("keeps a newer notification over a late, older push", () => {
    expect(planPush(message(5), [], [shown(7)])).toEqual({
      show: null,
      close: [],
    });
    expect(planPush(message(7), [], [shown(7)])).toEqual({
      show: null,
      close: [],
    });
  });

  it("stays silent, and clears the tag, while a focused window shows the conversation", () => {
    const focused = win("/tw/destiny?chat=u1", {
      focused: true,
      visible: true,
    });
    expect(planPush(message(5), [focused], [shown(4)])).toEqual({
      show: null,
      close: [0],
    });
    const background = win("/destiny?chat=u1", { visible: true });
    expect(planPush(message(5), [background], []).show).not.toBeNull();
    const otherChat = win("/destiny?chat=u2", { focused: true });
    expect(planPush(message(5), [otherChat], []).show).not.toBeNull();
  });

  it("closes what a read push covers, and keeps newer messages", () => {
    expect(planPush(read(5), [], [shown(5), shown(6), { junk: true }])).toEqual(
      {
        show: null,
        close: [0, 2],
      },
    );
  });
});

describe("planClick", () => {
  it("focuses a window already on the conversation without navigating", () => {
    const windows = [win("/my", { focused: true }), win("/en/destiny?chat=u1")];
    expect(planClick(shown(5), windows)).toEqual({
      kind: "focus",
      index: 1,
      navigate: false,
    });
  });

  it("otherwise navigates the focused, else a visible, else any window", () => {
    expect(
      planClick(shown(5), [
        win("/a"),
        win("/b", { visible: true }),
        win("/c", { focused: true }),
      ]),
    ).toEqual({ kind: "focus", index: 2, navigate: true });
    expect(
      planClick(shown(5), [win("/a"), win("/b", { visible: true })]),
    ).toEqual({
      kind: "focus",
      index: 1,
      navigate: true,
    });
    expect(planClick(shown(5), [win("/a")])).toEqual({
      kind: "focus",
      index: 0,
      navigate: true,
    });
  });

  it("opens a window on the conversation when none is open", () => {
    expect(planClick(shown(5), [])).toEqual({
      kind: "open",
      path: "/destiny?chat=u1",
    });
  });
});

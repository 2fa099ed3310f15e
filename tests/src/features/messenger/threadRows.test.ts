// Thread rows: stored and pending messages merged in display order, day separators at each new
// local day, deleted messages left out, the beginning-of-history marker, height estimates, and
// which rows show the same thing (a bubble renders again only when its message changed).
import type { MessageRecord } from "../../../../src/db/entities/MessageRecord";
import {
  buildThreadRows,
  estimateRowHeight,
  mergeThreadMessages,
  sameRow,
} from "../../../../src/features/messenger/threadRows";
import {
  message,
  SELF,
  unsent,
} from "../../../support/ui/messenger/chatFixtures";

const at = (day: number, hour: number, minute = 0) =>
  new Date(2026, 10, day, hour, minute).getTime();

describe("mergeThreadMessages", () => {
  const a = message({ messageSeq: 5, timestamp: at(20, 9) });
  const b = message({ messageSeq: 6, timestamp: at(20, 11) });
  const pendingEarly = unsent({ status: "fail", timestamp: at(20, 10) });
  const pendingLate = unsent({ status: "wait", timestamp: at(20, 12) });
  const pendingOld = unsent({ status: "fail", timestamp: at(19, 8) });

  it("puts each pending message after the stored ones at or before its time", () => {
    const merged = mergeThreadMessages(
      [a, b],
      [pendingLate, pendingEarly],
      false,
    );
    expect(merged.map((m) => m.clientMsgNo)).toEqual([
      a.clientMsgNo,
      pendingEarly.clientMsgNo,
      b.clientMsgNo,
      pendingLate.clientMsgNo,
    ]);
  });

  it("leaves out pending messages older than the window until it reaches the beginning", () => {
    expect(mergeThreadMessages([a, b], [pendingOld], false)).toHaveLength(2);
    expect(mergeThreadMessages([a, b], [pendingOld], true)[0]).toBe(pendingOld);
  });

  it("shows only pending messages when nothing is stored", () => {
    expect(mergeThreadMessages([], [pendingLate, pendingOld], false)).toEqual([
      pendingOld,
      pendingLate,
    ]);
  });
});

describe("buildThreadRows", () => {
  it("adds a day separator before each new local day and marks own messages", () => {
    const rows = buildThreadRows(
      [
        message({ timestamp: at(19, 23, 50) }),
        message({ timestamp: at(20, 0, 5), fromUid: SELF }),
        message({ timestamp: at(20, 9) }),
        message({ timestamp: at(21, 9) }),
      ],
      { selfUid: SELF, reachedStart: false },
    );
    expect(rows.map((r) => r.kind)).toEqual([
      "day",
      "message",
      "day",
      "message",
      "time",
      "message",
      "day",
      "message",
    ]);
    expect(rows.map((r) => r.key).filter((k) => k.startsWith("day:"))).toEqual([
      "day:2026-11-19",
      "day:2026-11-20",
      "day:2026-11-21",
    ]);
    const own = rows.filter((r) => r.kind === "message" && r.own);
    expect(own).toHaveLength(1);
  });

  it("adds a time row when more than 5 minutes pass within a day, as WeChat does", () => {
    const late = message({ timestamp: at(20, 10, 11) });
    const rows = buildThreadRows(
      [
        message({ timestamp: at(20, 10, 0) }),
        message({ timestamp: at(20, 10, 5) }),
        late,
        message({ timestamp: at(20, 10, 12) }),
        message({ timestamp: at(20, 10, 30), isDeleted: true }),
        message({ timestamp: at(20, 10, 36) }),
      ],
      { selfUid: SELF, reachedStart: false },
    );
    expect(rows.map((r) => r.kind)).toEqual([
      "day",
      "message",
      "message",
      "time",
      "message",
      "message",
      "time",
      "message",
    ]);
    expect(rows[3]).toEqual({
      kind: "time",
      key: `time:${late.clientMsgNo}`,
      ms: late.timestamp,
    });
  });

  it("leaves deleted messages out and starts with the history marker when complete", () => {
    const rows = buildThreadRows(
      [
        message({ timestamp: at(20, 9), isDeleted: true }),
        message({ timestamp: at(20, 10) }),
      ],
      { selfUid: SELF, reachedStart: true },
    );
    expect(rows.map((r) => r.kind)).toEqual(["start", "day", "message"]);
  });

  it("has no rows for nothing, and no separator without a message", () => {
    expect(buildThreadRows([], { selfUid: SELF, reachedStart: false })).toEqual(
      [],
    );
  });
});

describe("sameRow", () => {
  const first = message({ messageSeq: 1, timestamp: at(20, 9) });
  const second = message({ messageSeq: 2, timestamp: at(20, 9, 1) });
  const build = (messages: (typeof first)[]) =>
    buildThreadRows(messages, { selfUid: SELF, reachedStart: true });

  it("matches the rows of a rebuild around the same messages", () => {
    const before = build([first]);
    const after = build([first, second]);
    expect(after).toHaveLength(before.length + 1);
    before.forEach((row, i) => {
      const rebuilt = after[i]!;
      expect(rebuilt).not.toBe(row);
      expect(sameRow(row, rebuilt)).toBe(true);
    });
  });

  it("tells apart another message object, another time and another kind", () => {
    const [start, day, bubble] = build([first]);
    const [, , readBubble] = build([{ ...first, readed: true }]);
    expect(sameRow(bubble!, readBubble!)).toBe(false);
    const [, otherDay] = build([{ ...first, timestamp: at(20, 8) }]);
    expect(sameRow(day!, otherDay!)).toBe(false);
    expect(sameRow(start!, day!)).toBe(false);
    const [, , theirs] = buildThreadRows([first], {
      selfUid: first.fromUid,
      reachedStart: true,
    });
    expect(sameRow(bubble!, theirs!)).toBe(false);
  });
});

describe("estimateRowHeight", () => {
  it("grows with text length and newlines, and follows an image's aspect ratio", () => {
    const short = estimateRowHeight({
      kind: "message",
      key: "a",
      own: false,
      message: message({ content: { type: 1, content: "好" } }),
    });
    const long = estimateRowHeight({
      kind: "message",
      key: "b",
      own: false,
      message: message({ content: { type: 1, content: "好".repeat(100) } }),
    });
    const lines = estimateRowHeight({
      kind: "message",
      key: "c",
      own: false,
      message: message({ content: { type: 1, content: "a\nb\nc\nd" } }),
    });
    expect(long).toBeGreaterThan(short);
    expect(lines).toBeGreaterThan(short);
    const tall = estimateRowHeight({
      kind: "message",
      key: "d",
      own: false,
      message: message({
        contentType: 2,
        content: { type: 2, width: 100, height: 400, url: "x" },
      }),
    });
    const wide = estimateRowHeight({
      kind: "message",
      key: "e",
      own: false,
      message: message({
        contentType: 2,
        content: { type: 2, width: 400, height: 100, url: "x" },
      }),
    });
    expect(tall).toBeGreaterThan(wide);
    expect(
      estimateRowHeight({ kind: "day", key: "day:x", ms: 0 }),
    ).toBeGreaterThan(0);
  });

  it("counts the line under an own bubble while it shows a state", () => {
    const text = { type: 1, content: "好" };
    const estimate = (own: boolean, overrides: Partial<MessageRecord>) =>
      estimateRowHeight({
        kind: "message",
        key: "m",
        own,
        message: message({ content: text, ...overrides }),
      });
    const sent = estimate(true, { status: "normal" });
    const sending = estimate(true, { status: "wait" });
    const failed = estimate(true, { status: "fail" });
    expect(sending).toBeGreaterThan(sent);
    expect(failed).toBeGreaterThan(sending);
    expect(estimate(true, { status: "normal", receipt: true })).toBe(sending);
    // A peer's bubble shows no state of its own; an edited one says so.
    expect(estimate(false, { status: "normal", receipt: true })).toBe(sent);
    const edited = estimate(false, {
      extra: {
        readedCount: 0,
        unreadCount: 0,
        revoke: false,
        isEdit: true,
        extraVersion: 1,
      },
    });
    expect(edited).toBe(sending);
  });
});

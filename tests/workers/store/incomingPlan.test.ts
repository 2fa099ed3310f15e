// planIncoming (issue #18): a resent copy of a message (same channel, sender and clientMsgNo, another
// messageId and seq) keeps ONE row, the lowest seq, and leaves a hidden marker at the other seq; a
// re-delivery of either copy is a plain duplicate; own pending messages still settle; a clientMsgNo
// reused by another sender is dropped as before but its seq is marked too.
import { describe, expect, it } from "vitest";
import {
  MessageStatus,
  type MessageRecord,
} from "../../../src/db/entities/MessageRecord";
import {
  markerKey,
  planIncoming,
  type IncomingMessage,
  type PlanInputs,
} from "../../../workers/store/incomingPlan";
import { recv } from "../../support/workers/imFixtures";

/** A copy of `recv(seq)`'s message stored again by the server under `copySeq`. */
const copy = (seq: number, copySeq: number, extra = {}): IncomingMessage =>
  recv(copySeq, { clientMsgNo: `peer-msg-${seq}`, ...extra });

const stored = (m: IncomingMessage): MessageRecord => ({
  ...m,
  status: MessageStatus.NORMAL,
});

function inputs(rows: readonly MessageRecord[] = []): PlanInputs {
  return {
    selfUid: "me",
    byNo: new Map(rows.map((r) => [r.clientMsgNo, r])),
    storedIds: new Set(rows.map((r) => r.messageId ?? "")),
    clearedTo: new Map(),
  };
}

describe("planIncoming", () => {
  it("keeps a new message", () => {
    const plan = planIncoming([recv(1)], inputs());
    expect(plan).toEqual({
      rows: [stored(recv(1))],
      markers: [],
      settled: [],
      duplicates: 0,
    });
  });

  it("a later copy of a stored message becomes a hidden marker at its seq", () => {
    const plan = planIncoming([copy(5, 6)], inputs([stored(recv(5))]));
    expect(plan.rows).toEqual([]);
    expect(plan.duplicates).toBe(1);
    const [marker] = plan.markers;
    expect(marker).toMatchObject({
      clientMsgNo: markerKey("peer-msg-5", "1000006"),
      messageId: "1000006",
      messageSeq: 6,
      channelId: "peer",
      isDeleted: true,
    });
    // Nothing to show, count or acknowledge.
    expect([marker?.content, marker?.redDot, marker?.receipt]).toEqual([
      {},
      false,
      false,
    ]);
  });

  it("both copies in one batch, in any order: the lower seq is the message", () => {
    const plan = planIncoming([copy(5, 6), recv(5)], inputs());
    expect(plan.rows).toEqual([stored(recv(5))]);
    expect(plan.markers.map((m) => [m.messageSeq, m.isDeleted])).toEqual([
      [6, true],
    ]);
    expect(plan.duplicates).toBe(1);
  });

  it("an earlier copy arriving after the later one takes over the row; the later seq becomes the marker", () => {
    const later = stored({
      ...copy(5, 6),
      extra: {
        readedCount: 0,
        unreadCount: 0,
        revoke: false,
        isEdit: false,
        extraVersion: 1,
      },
    });
    const plan = planIncoming([recv(5)], inputs([later]));
    expect(plan.rows).toEqual([
      {
        ...later,
        messageId: "1000005",
        messageSeq: 5,
        timestamp: recv(5).timestamp,
      },
    ]);
    expect(plan.markers.map((m) => [m.messageId, m.messageSeq])).toEqual([
      ["1000006", 6],
    ]);
  });

  it("a re-delivered copy (its messageId known, as row or marker) is a plain duplicate", () => {
    const marker = planIncoming([copy(5, 6)], inputs([stored(recv(5))]))
      .markers[0] as MessageRecord;
    const plan = planIncoming(
      [copy(5, 6), recv(5)],
      inputs([stored(recv(5)), marker]),
    );
    expect(plan).toEqual({ rows: [], markers: [], settled: [], duplicates: 2 });
  });

  it("an own pending message settles with the first copy; the second copy is a marker", () => {
    const pending: MessageRecord = {
      ...stored(recv(0, { clientMsgNo: "mine", fromUid: "me" })),
      status: MessageStatus.WAIT,
    };
    delete pending.messageId;
    delete pending.messageSeq;
    const plan = planIncoming(
      [
        recv(8, { clientMsgNo: "mine", fromUid: "me" }),
        recv(7, { clientMsgNo: "mine", fromUid: "me" }),
      ],
      inputs([pending]),
    );
    expect(plan.settled).toEqual(["mine"]);
    expect(plan.rows).toMatchObject([
      { clientMsgNo: "mine", messageSeq: 7, status: MessageStatus.NORMAL },
    ]);
    expect(plan.markers.map((m) => m.messageSeq)).toEqual([8]);
  });

  it("another sender's message under a taken clientMsgNo is dropped, its seq marked in its own channel", () => {
    const plan = planIncoming(
      [
        recv(3, {
          clientMsgNo: "peer-msg-5",
          channelId: "other",
          fromUid: "other",
        }),
      ],
      inputs([stored(recv(5))]),
    );
    expect(plan.rows).toEqual([]);
    expect(plan.markers.map((m) => [m.channelId, m.messageSeq])).toEqual([
      ["other", 3],
    ]);
  });

  it("an older copy from another sender does not take over the row", () => {
    const plan = planIncoming(
      [recv(3, { clientMsgNo: "peer-msg-5", fromUid: "me" })],
      inputs([stored(recv(5))]),
    );
    expect(plan.rows).toEqual([]);
    expect(plan.markers.map((m) => m.messageSeq)).toEqual([3]);
  });

  it("copies without a seq (not persisted) leave no marker", () => {
    const plan = planIncoming([copy(5, 0)], inputs([stored(recv(5))]));
    expect(plan).toEqual({ rows: [], markers: [], settled: [], duplicates: 1 });
  });
});

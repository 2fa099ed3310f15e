// The chaos verdict on hand-made histories: a clean run passes; each way of losing, doubling or
// reordering a message, a seq hole, a left-over outbox and a wrong unread count is caught and
// counted once per typed message.
import {
  judge,
  seqProblems,
  tagOf,
  unreadProblem,
  type DeviceView,
  type StoredMessage,
  type TypedMessage,
} from "../../chaos/chaosChecks";

const A = "alice";
const B = "bob";

function typed(n: number, device = "alice-A", from = A): TypedMessage {
  return {
    tag: `#${n}`,
    clientMsgNo: `no-${n}`,
    fromUid: from,
    toUid: from === A ? B : A,
    device,
  };
}

function stored(t: TypedMessage, seq: number): StoredMessage {
  return {
    clientMsgNo: t.clientMsgNo,
    messageId: String(1000 + seq),
    messageSeq: seq,
    fromUid: t.fromUid,
    text: `${t.tag} hello`,
    status: "normal",
  };
}

function view(
  device: string,
  uid: string,
  messages: StoredMessage[],
  extra: Partial<DeviceView> = {},
): DeviceView {
  return {
    device,
    uid,
    peer: uid === A ? B : A,
    messages,
    outbox: 0,
    ...extra,
  };
}

const t1 = typed(1);
const t2 = typed(2, "bob-A", B);
const t3 = typed(3);
const all = [t1, t2, t3];
const server = [stored(t1, 1), stored(t2, 2), stored(t3, 3)];

describe("judge", () => {
  it("passes a run where everything arrived once, in order", () => {
    const verdict = judge(all, server, [
      view("alice-A", A, server),
      view("bob-A", B, server, {
        conversation: { unread: 1, readToSeq: 2, lastMessageSeq: 3 },
      }),
    ]);
    expect(verdict).toEqual({
      lost: 0,
      duplicated: 0,
      reordered: 0,
      problems: [],
    });
  });

  it("counts a message missing on the server or on one device as lost, once", () => {
    const verdict = judge(
      all,
      [server[0]!, server[1]!],
      [
        view("alice-A", A, [server[0]!, server[1]!]),
        view("bob-A", B, [server[0]!]),
      ],
    );
    expect(verdict.lost).toBe(2);
    expect(verdict.problems).toContain("bob-A: 1 seq(s) missing: 2");
  });

  it("counts a second copy, a second clientMsgNo or ids that disagree as duplicated", () => {
    const again = { ...stored(t1, 4), clientMsgNo: "no-1-again" };
    const verdict = judge(
      all,
      [...server, again],
      [
        view("alice-A", A, server),
        view("bob-A", B, [
          server[0]!,
          { ...server[1]!, messageId: "999" },
          server[2]!,
        ]),
      ],
    );
    expect(verdict.duplicated).toBe(2);
  });

  it("counts a message that got a lower seq than one typed before it on the same device", () => {
    const t4 = typed(4);
    const swapped = [
      stored(t1, 1),
      stored(t2, 2),
      stored(t3, 4),
      stored(t4, 3),
    ];
    const verdict = judge([...all, t4], swapped, []);
    expect(verdict.reordered).toBe(1);
    expect(verdict.problems[0]).toMatch(/alice-A: #4 got seq 3/);
    // Another device's messages may interleave freely.
    const other = [stored(t1, 2), stored(t2, 1), stored(t3, 3)];
    expect(judge(all, other, []).reordered).toBe(0);
  });

  it("reports a left-over outbox and messages not delivered", () => {
    const verdict = judge(all, server, [
      view(
        "alice-A",
        A,
        [...server, { ...stored(typed(9), 0), status: "wait" }],
        {
          outbox: 1,
        },
      ),
    ]);
    expect(verdict.problems).toEqual([
      "alice-A: outbox holds 1 row(s), 1 message(s) not normal (#9:wait)",
    ]);
    expect(verdict.lost).toBe(0);
  });
});

describe("seqProblems", () => {
  it("finds repeats, holes and seqs past the top", () => {
    expect(seqProblems([1, 2, 3], 3)).toEqual([]);
    expect(seqProblems([1, 2, 2, 5], 4)).toEqual([
      "seq 2 stored twice",
      "2 seq(s) missing: 3, 4",
      "seq(s) outside 1..4: 5",
    ]);
  });
});

describe("unreadProblem", () => {
  it("wants unread to equal the peer messages above the read point", () => {
    const rows = [stored(t1, 1), stored(t2, 2), stored(t3, 3)];
    const bob = (unread: number, readToSeq: number) =>
      view("bob-A", B, rows, {
        conversation: { unread, readToSeq, lastMessageSeq: 3 },
      });
    expect(unreadProblem(bob(2, 0))).toBeNull();
    expect(unreadProblem(bob(1, 2))).toBeNull();
    expect(unreadProblem(bob(3, 0))).toBe(
      "unread 3, but 2 peer message(s) lie above readToSeq 0",
    );
    expect(unreadProblem(view("x", A, rows))).toBeNull();
  });
});

describe("tagOf", () => {
  it("is the first word", () => {
    expect(tagOf("#12 alice→bob")).toBe("#12");
    expect(tagOf("")).toBe("");
  });
});

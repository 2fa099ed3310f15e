// The verdict of a chaos run, as pure functions over plain data: what was typed, what the server
// stored, and what each device's IndexedDB holds. Nothing lost, nothing doubled, every channel's
// messageSeq contiguous, each sender's order kept, outboxes empty, unread consistent.

/** A message a tab typed (and the outbox accepted). */
export interface TypedMessage {
  /** Unique text marker, e.g. `#17`; the message text starts with it. */
  readonly tag: string;
  readonly clientMsgNo: string;
  readonly fromUid: string;
  readonly toUid: string;
  /** The browser profile (outbox) it was typed on: its order must be kept. */
  readonly device: string;
}

/** A stored message as the server or a device has it. */
export interface StoredMessage {
  readonly clientMsgNo: string;
  readonly messageId: string | null;
  readonly messageSeq: number | null;
  readonly fromUid: string;
  /** The text content (the tag is its first word). */
  readonly text: string;
  /** "normal" when delivered/acknowledged; devices also have "wait" and "fail". */
  readonly status: string;
}

/** One device's view of its user's conversation with the peer. */
export interface DeviceView {
  readonly device: string;
  readonly uid: string;
  readonly peer: string;
  readonly messages: readonly StoredMessage[];
  /** Rows in the outbox table. */
  readonly outbox: number;
  /** The conversation row (undefined when there is none). */
  readonly conversation?: {
    readonly unread: number;
    readonly readToSeq: number;
    readonly lastMessageSeq: number;
  };
}

export interface ChaosVerdict {
  /** Typed messages missing on the server or on some device. */
  readonly lost: number;
  /** Typed messages stored more than once (anywhere), or with ids that disagree between copies. */
  readonly duplicated: number;
  /** Typed messages whose seq is below that of a message typed before them on the same device. */
  readonly reordered: number;
  /** Every other broken rule, one line each (seq holes, outbox left-overs, unread). */
  readonly problems: readonly string[];
}

/** The tag of a stored text: its first word. */
export function tagOf(text: string): string {
  return text.split(" ", 1)[0] ?? "";
}

function groupByTag(
  rows: readonly StoredMessage[],
): Map<string, StoredMessage[]> {
  const byTag = new Map<string, StoredMessage[]>();
  for (const row of rows) {
    const tag = tagOf(row.text);
    byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
  }
  return byTag;
}

/** Seq problems of one channel copy: repeats, holes below the top, and a top short of `lastSeq`. */
export function seqProblems(
  seqs: readonly number[],
  lastSeq: number,
): string[] {
  const problems: string[] = [];
  const seen = new Set<number>();
  for (const seq of seqs) {
    if (seen.has(seq)) problems.push(`seq ${seq} stored twice`);
    seen.add(seq);
  }
  const holes: number[] = [];
  for (let seq = 1; seq <= lastSeq; seq++) if (!seen.has(seq)) holes.push(seq);
  if (holes.length > 0)
    problems.push(
      `${holes.length} seq(s) missing: ${holes.slice(0, 10).join(", ")}${holes.length > 10 ? " …" : ""}`,
    );
  const beyond = [...seen].filter((s) => s > lastSeq || s < 1);
  if (beyond.length > 0)
    problems.push(
      `seq(s) outside 1..${lastSeq}: ${beyond.slice(0, 10).join(", ")}`,
    );
  return problems;
}

/**
 * Unread must equal the stored peer messages above the read point (every chaos message has RedDot):
 * a hole, a doubled row or a miscount shows up as a difference.
 */
export function unreadProblem(view: DeviceView): string | null {
  const c = view.conversation;
  if (c === undefined) return null;
  const above = view.messages.filter(
    (m) =>
      m.status === "normal" &&
      m.fromUid === view.peer &&
      (m.messageSeq ?? 0) > c.readToSeq,
  ).length;
  return c.unread === above
    ? null
    : `unread ${c.unread}, but ${above} peer message(s) lie above readToSeq ${c.readToSeq}`;
}

/** The full verdict. `server` is the channel's history as the server stores it. */
export function judge(
  typed: readonly TypedMessage[],
  server: readonly StoredMessage[],
  devices: readonly DeviceView[],
): ChaosVerdict {
  const lost = new Set<string>();
  const duplicated = new Set<string>();
  const problems: string[] = [];
  const serverByTag = groupByTag(server);
  const serverByNo = new Map(server.map((m) => [m.clientMsgNo, m]));
  const typedTags = new Set(typed.map((t) => t.tag));

  for (const t of typed) {
    const copies = serverByTag.get(t.tag) ?? [];
    if (copies.length === 0) lost.add(t.tag);
    else if (
      copies.length > 1 ||
      copies[0]?.clientMsgNo !== t.clientMsgNo ||
      copies[0].fromUid !== t.fromUid
    )
      duplicated.add(t.tag);
  }
  for (const tag of serverByTag.keys())
    if (!typedTags.has(tag)) problems.push(`server: untyped message ${tag}`);
  const lastSeq = Math.max(0, ...server.map((m) => m.messageSeq ?? 0));
  for (const p of seqProblems(
    server.map((m) => m.messageSeq ?? 0),
    lastSeq,
  ))
    problems.push(`server: ${p}`);

  for (const view of devices) {
    const where = view.device;
    const byTag = groupByTag(view.messages);
    for (const t of typed) {
      const copies = (byTag.get(t.tag) ?? []).filter(
        (m) => m.status === "normal",
      );
      if (copies.length === 0) {
        lost.add(t.tag);
        continue;
      }
      const stored = serverByNo.get(t.clientMsgNo);
      if (
        copies.length > 1 ||
        copies[0]?.clientMsgNo !== t.clientMsgNo ||
        (stored !== undefined &&
          (copies[0].messageId !== stored.messageId ||
            copies[0].messageSeq !== stored.messageSeq))
      )
        duplicated.add(t.tag);
    }
    const pending = view.messages.filter((m) => m.status !== "normal");
    if (view.outbox > 0 || pending.length > 0)
      problems.push(
        `${where}: outbox holds ${view.outbox} row(s), ${pending.length} message(s) not normal (${pending
          .slice(0, 5)
          .map((m) => `${tagOf(m.text)}:${m.status}`)
          .join(", ")})`,
      );
    for (const p of seqProblems(
      view.messages
        .filter((m) => m.status === "normal")
        .map((m) => m.messageSeq ?? 0),
      lastSeq,
    ))
      problems.push(`${where}: ${p}`);
    const unread = unreadProblem(view);
    if (unread !== null) problems.push(`${where}: ${unread}`);
  }

  let reordered = 0;
  const byDevice = new Map<string, TypedMessage[]>();
  for (const t of typed)
    byDevice.set(t.device, [...(byDevice.get(t.device) ?? []), t]);
  for (const [device, list] of byDevice) {
    let highest = 0;
    for (const t of list) {
      const seq = serverByNo.get(t.clientMsgNo)?.messageSeq ?? null;
      if (seq === null) continue;
      if (seq < highest) {
        reordered += 1;
        if (reordered <= 10)
          problems.push(
            `${device}: ${t.tag} got seq ${seq} after a message typed before it got ${highest}`,
          );
      }
      highest = Math.max(highest, seq);
    }
  }

  return {
    lost: lost.size,
    duplicated: duplicated.size,
    reordered,
    problems,
  };
}

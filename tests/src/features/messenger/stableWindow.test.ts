// A re-read of an open thread keeps the objects of what did not change (#20): the same window when
// nothing did, the unchanged bubbles' messages when one did, and never an old object for a changed
// message (a SENDACK's seq, a read mark, an edit).
import type { MessageRecord } from "../../../../src/db/entities/MessageRecord";
import type { ThreadWindow } from "../../../../src/features/messenger/threadQuery";
import {
  reuseMessages,
  stableWindow,
} from "../../../../src/features/messenger/stableWindow";
import { message, unsent } from "../../../support/ui/messenger/chatFixtures";

/** A fresh copy, as every IndexedDB read gives. */
const reread = (m: MessageRecord): MessageRecord => structuredClone(m);

function windowOf(messages: readonly MessageRecord[]): ThreadWindow {
  return { fromSeq: 1, topSeq: messages.length, messages, oldestSeq: 1 };
}

describe("reuseMessages", () => {
  const one = message({ messageSeq: 1 });
  const two = message({ messageSeq: 2 });

  it("returns the previous list when a re-read says the same", () => {
    const previous = [one, two];
    expect(reuseMessages(previous, previous.map(reread))).toBe(previous);
  });

  it("keeps unchanged messages and takes the changed and new ones", () => {
    const readMark = { ...reread(two), readed: true };
    const three = message({ messageSeq: 3 });
    const next = reuseMessages([one, two], [reread(one), readMark, three]);
    expect(next[0]).toBe(one);
    expect(next[1]).toBe(readMark);
    expect(next[2]).toBe(three);
  });

  it("compares the content too, not only the row's fields", () => {
    const edited = {
      ...reread(one),
      content: { type: 1, content: "edited" },
    };
    expect(reuseMessages([one], [edited])[0]).toBe(edited);
  });

  it("is a new list when one is removed or the order changes", () => {
    const previous = [one, two];
    expect(reuseMessages(previous, [reread(one)])).toEqual([one]);
    const swapped = reuseMessages(previous, [reread(two), reread(one)]);
    expect(swapped).not.toBe(previous);
    expect(swapped[0]).toBe(two);
    expect(swapped[1]).toBe(one);
  });

  it("takes the settled row of an own message whose SENDACK came", () => {
    const pending = unsent({ status: "wait" });
    const settled = {
      ...reread(pending),
      status: "normal",
      messageId: "42",
      messageSeq: 3,
    } satisfies MessageRecord;
    expect(reuseMessages([pending], [settled])[0]).toBe(settled);
  });
});

describe("stableWindow", () => {
  const one = message({ messageSeq: 1 });
  const two = message({ messageSeq: 2 });

  it("takes the first read as it is", () => {
    const first = windowOf([one]);
    expect(stableWindow(undefined, first)).toBe(first);
  });

  it("is the previous window when nothing changed", () => {
    const previous = windowOf([one, two]);
    expect(stableWindow(previous, windowOf([one, two].map(reread)))).toBe(
      previous,
    );
  });

  it("is a new window when only its bounds changed", () => {
    const previous = windowOf([one, two]);
    const next = stableWindow(previous, {
      ...windowOf([one, two].map(reread)),
      topSeq: 5,
    });
    expect(next).not.toBe(previous);
    expect(next.topSeq).toBe(5);
    expect(next.messages).toBe(previous.messages);
  });

  it("is a new window sharing the unchanged messages when one arrived", () => {
    const previous = windowOf([one]);
    const next = stableWindow(previous, windowOf([reread(one), two]));
    expect(next).not.toBe(previous);
    expect(next.messages[0]).toBe(one);
    expect(next.messages[1]).toBe(two);
  });
});

// The shell's unread total follows the IM database's conversations, and reports only a changed
// total: the worker writes a conversation on every message, and each report renders the app shell.
import { watchLocalUnread } from "../../../../src/features/chatEntry/watchLocalUnread";
import {
  conversation,
  freshDb,
  SELF,
} from "../../../support/ui/messenger/chatFixtures";

describe("watchLocalUnread", () => {
  it("reports the total at once and then only when it changes", async () => {
    const db = await freshDb();
    await db.conversations.put(conversation("peer", { unread: 2 }));
    const totals: (number | null)[] = [];
    const stop = watchLocalUnread(SELF, (total) => totals.push(total));
    try {
      await vi.waitFor(() => {
        expect(totals).toEqual([2]);
      });
      // A new message's write moves the conversation without changing what is unread.
      await db.conversations.update(["peer", 1], { timestamp: 42 });
      await db.conversations.put(conversation("other", { unread: 0 }));
      await db.conversations.update(["peer", 1], { unread: 3 });
      await vi.waitFor(() => {
        expect(totals).toEqual([2, 3]);
      });
      await db.conversations.update(["other", 1], { unread: 1 });
      await vi.waitFor(() => {
        expect(totals).toEqual([2, 3, 4]);
      });
    } finally {
      stop();
    }
  });
});

// The workspace's filters over stored conversations (awaiting our reply = the customer's message is
// the newest one we hold) and its search params (bad values dropped, the context pane only with an
// open chat).
import type { ConversationItem } from "../../../../src/features/messenger/conversationQueries";
import {
  awaitsReply,
  countByFilter,
  matchesFilter,
} from "../../../../src/temple/workspace/workspaceFilters";
import { validateWorkspaceSearch } from "../../../../src/temple/workspace/workspaceSearch";
import {
  conversation,
  SELF,
  text,
} from "../../../support/ui/messenger/chatFixtures";

const item = (
  channelId: string,
  last: ConversationItem["last"],
  unread = 0,
  channelType = 1,
): ConversationItem => ({
  conversation: conversation(channelId, { unread, channelType }),
  last,
});

describe("awaiting our reply", () => {
  it("is the customer's newest message, not ours, not a deleted one, not an empty chat", () => {
    expect(awaitsReply(item("u_1", text("u_1", "在吗")))).toBe(true);
    expect(
      awaitsReply(item("u_1", text("u_1", "好的", { fromUid: SELF }))),
    ).toBe(false);
    expect(
      awaitsReply(item("u_1", text("u_1", "撤回", { isDeleted: true }))),
    ).toBe(false);
    expect(awaitsReply(item("u_1", undefined))).toBe(false);
    // A notice from someone else in the chat (a monk's hand-off greeting) is not the customer's.
    expect(
      awaitsReply(item("u_1", text("u_1", "您好", { fromUid: "monk_7" }))),
    ).toBe(false);
  });
});

describe("the filters", () => {
  const items = [
    item("u_1", text("u_1", "在吗"), 2),
    item("u_2", text("u_2", "好的", { fromUid: SELF })),
    item("u_3", text("u_3", "谢谢")),
    item("g_1", text("g_1", "群消息"), 5, 2),
  ];

  it("keep one-to-one chats only and count each filter", () => {
    const facts = { assigned: new Set(["u_2", "u_9"]) };
    expect(countByFilter(items, facts)).toEqual({
      all: 3,
      unread: 1,
      awaiting: 2,
      mine: 1,
    });
    expect(
      items
        .filter((i) => matchesFilter(i, "mine", facts))
        .map((i) => i.conversation.channelId),
    ).toEqual(["u_2"]);
  });

  it("keep nothing as assigned while the list is unknown", () => {
    expect(countByFilter(items, { assigned: null }).mine).toBe(0);
  });
});

describe("the search params", () => {
  it("keep a chat, a known filter and the context pane of an open chat", () => {
    expect(
      validateWorkspaceSearch({ chat: "u_1", filter: "mine", pane: "context" }),
    ).toEqual({ chat: "u_1", filter: "mine", pane: "context" });
    expect(validateWorkspaceSearch({ chat: 12345 })).toEqual({
      chat: "12345",
      filter: undefined,
      pane: undefined,
    });
  });

  it("drop bad values and a context without a chat", () => {
    expect(
      validateWorkspaceSearch({
        chat: "x".repeat(65),
        filter: "spam",
        pane: "context",
      }),
    ).toEqual({ chat: undefined, filter: undefined, pane: undefined });
    expect(validateWorkspaceSearch({ filter: "all", pane: "x" })).toEqual({
      chat: undefined,
      filter: undefined,
      pane: undefined,
    });
  });
});

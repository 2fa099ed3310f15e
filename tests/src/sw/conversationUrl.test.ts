// The conversation address the service worker opens and matches windows against, checked against
// TanStack Router's own search serialization and /destiny's search validation.
import {
  defaultParseSearch,
  defaultStringifySearch,
} from "@tanstack/react-router";
import { validateMessengerSearch } from "../../../src/features/messenger/messengerSearch";
import {
  conversationPath,
  showsConversation,
} from "../../../src/sw/conversationUrl";

const ORIGIN = "https://fuyuan.example";
const IDS = [
  "u_9f3a",
  "123",
  "0123",
  "1e5",
  "true",
  "null",
  "a b+c/d?&=",
  '"quoted"',
  "-7",
];

describe("conversation URLs", () => {
  it("opens the conversation /destiny's search validation reads back", () => {
    for (const id of IDS) {
      for (const type of [1, 2]) {
        const path = conversationPath(id, type);
        expect(path.startsWith("/destiny?"), path).toBe(true);
        const search = defaultParseSearch(path.slice("/destiny".length));
        expect(validateMessengerSearch(search), path).toEqual({
          chat: id,
          type: type === 1 ? undefined : type,
          filter: undefined,
        });
      }
    }
  });

  it("writes the search exactly as the router would", () => {
    for (const id of IDS)
      expect(conversationPath(id, 1)).toBe(
        `/destiny${defaultStringifySearch({ chat: id })}`,
      );
    expect(conversationPath("u1", 3)).toBe(
      `/destiny${defaultStringifySearch({ chat: "u1", type: 3 })}`,
    );
  });

  it("recognizes a window showing the conversation in any locale", () => {
    for (const id of IDS) {
      const search = defaultStringifySearch({ chat: id, filter: "monk" });
      for (const prefix of ["", "/tw", "/en"])
        expect(
          showsConversation(`${ORIGIN}${prefix}/destiny${search}`, id, 1),
          `${prefix} ${id}`,
        ).toBe(true);
    }
    const typed = defaultStringifySearch({ chat: "g1", type: 2 });
    expect(showsConversation(`${ORIGIN}/destiny${typed}`, "g1", 2)).toBe(true);
    expect(showsConversation(`${ORIGIN}/destiny${typed}`, "g1", 1)).toBe(false);
    expect(showsConversation(`${ORIGIN}/destiny?chat=u1`, "u2", 1)).toBe(false);
    expect(showsConversation(`${ORIGIN}/destiny`, "u1", 1)).toBe(false);
    expect(showsConversation(`${ORIGIN}/my?chat=u1`, "u1", 1)).toBe(false);
    expect(showsConversation(`${ORIGIN}/fr/destiny?chat=u1`, "u1", 1)).toBe(
      false,
    );
    expect(showsConversation("not a url", "u1", 1)).toBe(false);
  });
});

// Issue #19 item 4: a WeChat nickname that shows nothing (only spaces, zero-width characters,
// variation selectors) becomes the default nickname, as an empty one did; a visible one is kept,
// cut at 64 characters without splitting a surrogate pair.
import { eq } from "drizzle-orm";
import { users } from "../../../server/db/schema";
import {
  findOrCreateByWechat,
  shownNickname,
} from "../../../server/domain/users/accounts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "../../support/server/testDb";

describe("shownNickname", () => {
  it("keeps a visible nickname, trimmed and cut by code point", () => {
    expect(shownNickname("  清风居士 ")).toBe("清风居士");
    expect(shownNickname("\u200b明\u200d")).toBe("\u200b明\u200d");
    const long = shownNickname(`a${"😀".repeat(70)}`);
    expect(Array.from(long)).toHaveLength(64);
    expect(long.endsWith("😀")).toBe(true);
  });

  it("gives the default to one that shows nothing", () => {
    for (const nickname of [
      "",
      "   ",
      "\u200b\u200c",
      "\u3164",
      "\ufe0f\u2060",
    ])
      expect(shownNickname(nickname)).toBe("微信用户");
  });
});

describeEachDatabase("a new WeChat account's nickname", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: false });
  });
  afterAll(() => database.close());

  it("[#19-4] is the default when WeChat's shows nothing", async () => {
    const user = await findOrCreateByWechat(
      database.db,
      { appId: "wx-test", openid: "o-invisible", unionid: "u-invisible" },
      () => Promise.resolve({ nickname: "\u200b\u200d\u2060", avatarUrl: "" }),
      new Date(),
    );
    const [row] = await database.db
      .select({ nickname: users.nickname })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.nickname).toBe("微信用户");
  });
});

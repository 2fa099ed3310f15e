// Fate together over HTTP: sign-up validation, one active sign-up per user (updated while
// pending, refused once matched), my status, and the message the assigned service staff receive
// in their messenger for each sign-up and change.
import { and, eq } from "drizzle-orm";
import { fateSignups, imMessages, users } from "../../../server/db/schema";
import { describeEachDatabase } from "../../support/server/testDb";
import {
  type CommerceServer,
  type Customer,
  get,
  post,
  signIn,
  startCommerceServer,
} from "../orders/commerceApi";

describeEachDatabase("fate together", (database) => {
  let server: CommerceServer;
  let eve: Customer;
  let staffImId: string;

  beforeAll(async () => {
    server = await startCommerceServer(database);
    eve = await signIn(server);
    const [staff] = await server.db
      .select()
      .from(users)
      .where(eq(users.imId, "demo_service"));
    staffImId = staff!.imId;
  });
  afterAll(() => server.close());

  const signup = {
    name: "林晓",
    gender: "female",
    birthDate: "1994-05-20",
    birthHour: 14,
    wish: "希望遇到志同道合的人",
  };
  const messagesToStaff = async (from: Customer) =>
    server.db
      .select()
      .from(imMessages)
      .where(
        and(eq(imMessages.fromUid, from.imId), eq(imMessages.toUid, staffImId)),
      );

  it("signs up, tells the service staff, and shows my status", async () => {
    expect((await get(server, "fate/v1/mine", eve)).body.data).toBeNull();
    const created = await post(server, "fate/v1/signup", signup, eve);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      ...signup,
      status: "pending",
      notified: true,
    });
    const sent = await messagesToStaff(eve);
    expect(sent).toHaveLength(1);
    const payload = JSON.parse(sent[0]!.payload);
    expect(payload.type).toBe(1);
    expect(payload.content).toContain("【缘来一起·新报名】");
    expect(payload.content).toContain("姓名：林晓");
    // A stored clock hour reaches the staff as its 时辰 (13:00–14:59 is 未时).
    expect(payload.content).toContain("出生：1994-05-20 未时（13:00–14:59）");
    expect(payload.fateSignup).toMatchObject({
      id: created.body.data.id,
      gender: "female",
    });
    const mine = await get(server, "fate/v1/mine", eve);
    expect(mine.body.data).toMatchObject({
      id: created.body.data.id,
      status: "pending",
      birthHour: 14,
    });
  });

  it("updates the pending sign-up instead of adding one, and tells the staff again", async () => {
    server.clock.advance(1000);
    const updated = await post(
      server,
      "fate/v1/signup",
      { ...signup, birthHour: null, wish: "改一下心愿" },
      eve,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      birthHour: null,
      wish: "改一下心愿",
      notified: true,
    });
    const rows = await server.db
      .select()
      .from(fateSignups)
      .where(eq(fateSignups.userId, eve.userId));
    expect(rows).toHaveLength(1);
    const sent = await messagesToStaff(eve);
    expect(sent).toHaveLength(2);
    expect(JSON.parse(sent[1]!.payload).content).toContain(
      "【缘来一起·报名已更新】",
    );
    expect(JSON.parse(sent[1]!.payload).content).toContain("时辰不详");
  });

  it("refuses changes once the staff matched it; a closed one allows a new sign-up", async () => {
    await server.db
      .update(fateSignups)
      .set({ status: "matched" })
      .where(eq(fateSignups.userId, eve.userId));
    const refused = await post(server, "fate/v1/signup", signup, eve);
    expect(refused.status).toBe(409);
    await server.db
      .update(fateSignups)
      .set({ status: "closed" })
      .where(eq(fateSignups.userId, eve.userId));
    const fresh = await post(server, "fate/v1/signup", signup, eve);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.status).toBe("pending");
    expect(
      await server.db
        .select()
        .from(fateSignups)
        .where(eq(fateSignups.userId, eve.userId)),
    ).toHaveLength(2);
  });

  it.each([
    [{ gender: "other" }, "body/gender must be one of male, female"],
    [
      { birthDate: "1994-13-01" },
      "body/birthDate must be a calendar date YYYY-MM-DD",
    ],
    [{ birthHour: 24 }, "body/birthHour must be <= 23"],
    [{ name: "" }, "body/name is required"],
    [
      { wish: "愿".repeat(501) },
      "body/wish must be at most 500 characters (got 501)",
    ],
  ])("refuses %j", async (change, msg) => {
    const someone = await signIn(server);
    const answer = await post(
      server,
      "fate/v1/signup",
      { ...signup, ...change },
      someone,
    );
    expect(answer.status).toBe(400);
    if (!msg.startsWith("body/birthHour")) expect(answer.body.msg).toBe(msg);
    expect(
      await server.db
        .select()
        .from(fateSignups)
        .where(eq(fateSignups.userId, someone.userId)),
    ).toEqual([]);
  });

  it("needs a signed-in caller and shows no one else's sign-up", async () => {
    expect((await get(server, "fate/v1/mine")).status).toBe(401);
    expect((await post(server, "fate/v1/signup", signup)).status).toBe(401);
    const other = await signIn(server);
    expect((await get(server, "fate/v1/mine", other)).body.data).toBeNull();
  });
});

// GET staff/v1/assigned (#22) over real HTTP on both databases: the IM ids of the customers whose
// chats the caller answers, as getVirtual assigned them; a hand-off moves a customer from one list
// to the other; service staff and admins may ask, a customer, a monk and a manager may not.
import { eq } from "drizzle-orm";
import { users } from "../../../server/db/schema";
import { describeEachDatabase } from "../../support/server/testDb";
import {
  type CommerceServer,
  type Customer,
  get,
  post,
  signIn,
  startCommerceServer,
} from "../orders/commerceApi";
import { type TempleTeam, templeTeam } from "../fulfilment/templeSide";

describeEachDatabase("staff workspace: assigned to me", (database) => {
  let server: CommerceServer;
  let team: TempleTeam;

  beforeAll(async () => {
    server = await startCommerceServer(database);
    team = await templeTeam(server);
  });
  afterAll(() => server.close());

  const assignedTo = async (who: Customer): Promise<string[]> => {
    const answer = await get(server, "staff/v1/assigned", who);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.truncated).toBe(false);
    return answer.body.data.list as string[];
  };

  it("lists the customers getVirtual gave the caller, newest first, until a hand-off moves one", async () => {
    const alice = await signIn(server);
    const bob = await signIn(server);
    const before = await assignedTo(team.staff);
    expect(before).not.toContain(alice.imId);

    // NOTE: the demo staff member is the only service staff: every first chat lands on him.
    for (const who of [alice, bob])
      expect((await get(server, "oapi/v1/getVirtual", who)).status).toBe(200);
    const mine = await assignedTo(team.staff);
    expect(mine.slice(0, 2).toSorted()).toEqual(
      [alice.imId, bob.imId].toSorted(),
    );
    expect(mine).toHaveLength(before.length + 2);

    const handed = await post(
      server,
      "staff/v1/handOff",
      { imId: alice.imId, toImId: team.monk.imId },
      team.staff,
    );
    expect(handed.status).toBe(200);
    const after = await assignedTo(team.staff);
    expect(after).toContain(bob.imId);
    expect(after).not.toContain(alice.imId);
  });

  it("answers service staff and admins only", async () => {
    const customer = await signIn(server);
    for (const who of [customer, team.monk, team.manager, team.otherMonk]) {
      const answer = await get(server, "staff/v1/assigned", who);
      expect([answer.status, answer.body.reason]).toEqual([403, "FORBIDDEN"]);
    }
    const admin = await signIn(server);
    await server.db
      .update(users)
      .set({ isAdmin: 1 })
      .where(eq(users.id, admin.userId));
    // An admin answers no chat by assignment: an empty list, not a refusal.
    expect(await assignedTo(admin)).toEqual([]);
    const anonymous = await get(server, "staff/v1/assigned");
    expect(anonymous.status).toBe(401);
  });
});

// The staff workspace (#22) over real HTTP on both databases: the team's quick replies (limit
// held under concurrent adds), the private note on a customer (staff only), the customer's
// context, and handing a chat to a monk: getVirtual answers the monk from then on and the customer
// is greeted by him in the chat. Roles get exactly what they may.
import { eq } from "drizzle-orm";
import { WORKSPACE_LIMITS } from "../../../contract/fulfilment";
import { auditEvents, quickReplies } from "../../../server/db/schema";
import { describeEachDatabase } from "../../support/server/testDb";
import {
  type CommerceServer,
  type Customer,
  get,
  post,
  signIn,
  startCommerceServer,
} from "../orders/commerceApi";
import {
  messagesTo,
  type TempleTeam,
  templeTeam,
} from "../fulfilment/templeSide";

describeEachDatabase("staff workspace", (database) => {
  let server: CommerceServer;
  let alice: Customer;
  let team: TempleTeam;

  beforeAll(async () => {
    server = await startCommerceServer(database);
    alice = await signIn(server);
    team = await templeTeam(server);
  });
  afterAll(() => server.close());

  it("keeps the team's quick replies: add, edit, delete, audited, never past the limit", async () => {
    const added = await post(
      server,
      "staff/v1/quickReplies/save",
      { text: "  您好，请问有什么可以帮您？ " },
      team.staff,
    );
    expect(added.status).toBe(200);
    expect(added.body.data.text).toBe("您好，请问有什么可以帮您？");
    const edited = await post(
      server,
      "staff/v1/quickReplies/save",
      { id: added.body.data.id, text: "您好！" },
      team.staff,
    );
    expect(edited.body.data).toMatchObject({
      id: added.body.data.id,
      text: "您好！",
    });
    const monkReads = await get(server, "staff/v1/quickReplies", team.monk);
    expect(monkReads.body.data.list.map((r: any) => r.text)).toContain(
      "您好！",
    );
    const monkWrites = await post(
      server,
      "staff/v1/quickReplies/save",
      { text: "x" },
      team.monk,
    );
    expect([monkWrites.status, monkWrites.body.reason]).toEqual([
      403,
      "FORBIDDEN",
    ]);
    const userReads = await get(server, "staff/v1/quickReplies", alice);
    expect([userReads.status, userReads.body.reason]).toEqual([
      403,
      "FORBIDDEN",
    ]);
    const blank = await post(
      server,
      "staff/v1/quickReplies/save",
      { text: " \u200b " },
      team.staff,
    );
    expect([blank.status, blank.body.reason]).toEqual([400, "FIELD_REQUIRED"]);
    const gone = await post(
      server,
      "staff/v1/quickReplies/delete",
      { id: added.body.data.id },
      team.staff,
    );
    expect(gone.status).toBe(200);
    const again = await post(
      server,
      "staff/v1/quickReplies/delete",
      { id: added.body.data.id },
      team.staff,
    );
    expect([again.status, again.body.reason]).toEqual([
      404,
      "QUICK_REPLY_NOT_FOUND",
    ]);
    const audited = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, String(added.body.data.id)));
    expect(
      audited.filter((a) => a.targetType === "quickReply").map((a) => a.action),
    ).toEqual(["quickReply.save", "quickReply.save", "quickReply.delete"]);

    // Concurrent adds stop at the limit exactly.
    const answers = await Promise.all(
      Array.from({ length: WORKSPACE_LIMITS.maxQuickReplies + 10 }, (_, i) =>
        post(
          server,
          "staff/v1/quickReplies/save",
          { text: `回复 ${i}` },
          team.staff,
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(
      WORKSPACE_LIMITS.maxQuickReplies,
    );
    expect(
      answers
        .filter((a) => a.status === 409)
        .every((a) => a.body.reason === "QUICK_REPLY_LIMIT"),
    ).toBe(true);
    expect(await server.db.select().from(quickReplies)).toHaveLength(
      WORKSPACE_LIMITS.maxQuickReplies,
    );
  });

  it("keeps a private note on a customer that only staff read", async () => {
    const saved = await post(
      server,
      "staff/v1/customer/note",
      { imId: alice.imId, text: "老人家，耳背，说话慢一些" },
      team.staff,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.note).toMatchObject({
      text: "老人家，耳背，说话慢一些",
      updatedBy: "福缘客服",
    });
    for (const who of [alice, team.monk, team.manager]) {
      const read = await get(
        server,
        `staff/v1/customer?imId=${alice.imId}`,
        who,
      );
      expect([read.status, read.body.reason]).toEqual([403, "FORBIDDEN"]);
    }
    const unknown = await get(
      server,
      "staff/v1/customer?imId=nobody",
      team.staff,
    );
    expect([unknown.status, unknown.body.reason]).toEqual([
      404,
      "IM_USER_NOT_FOUND",
    ]);
    const cleared = await post(
      server,
      "staff/v1/customer/note",
      { imId: alice.imId, text: "  " },
      team.staff,
    );
    expect(cleared.body.data.note).toBeNull();
  });

  it("hands a chat to a monk: getVirtual answers him and he greets the customer", async () => {
    const before = await get(server, "oapi/v1/getVirtual", alice);
    expect(before.status).toBe(200);
    const targets = await get(server, "staff/v1/handOff/targets", team.staff);
    expect(targets.body.data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ imId: "demo_monk", role: "monk" }),
        expect.objectContaining({ imId: "demo_service", role: "service" }),
      ]),
    );
    const refused = await post(
      server,
      "staff/v1/handOff",
      { imId: alice.imId, toImId: team.manager.imId },
      team.staff,
    );
    expect([refused.status, refused.body.reason]).toEqual([
      400,
      "HAND_OFF_TARGET_INVALID",
    ]);
    const monkTries = await post(
      server,
      "staff/v1/handOff",
      { imId: alice.imId, toImId: "demo_monk" },
      team.monk,
    );
    expect([monkTries.status, monkTries.body.reason]).toEqual([
      403,
      "FORBIDDEN",
    ]);

    const handed = await post(
      server,
      "staff/v1/handOff",
      { imId: alice.imId, toImId: "demo_monk" },
      team.staff,
    );
    expect(handed.status).toBe(200);
    expect(handed.body.data.assignedTo).toMatchObject({ imId: "demo_monk" });
    const after = await get(server, "oapi/v1/getVirtual", alice);
    expect(JSON.stringify(after.body.data)).toContain("demo_monk");
    const greetings = (await messagesTo(server, alice.imId)).filter(
      (m) => m.fromUid === "demo_monk",
    );
    expect(greetings).toHaveLength(1);
    expect(greetings[0]!.payload.content).toContain("慧明法师");
    // Handing to whoever already has it changes nothing and greets nobody again.
    await post(
      server,
      "staff/v1/handOff",
      { imId: alice.imId, toImId: "demo_monk" },
      team.staff,
    );
    expect(
      (await messagesTo(server, alice.imId)).filter(
        (m) => m.fromUid === "demo_monk",
      ),
    ).toHaveLength(1);
  });
});

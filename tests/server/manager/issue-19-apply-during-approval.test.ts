// Issue #19, item 1, same class (https://github.com/fuyuan/fuyuan/issues/19): applying checked
// "not a manager yet" and then inserted, outside any lock, so an approval of the pending
// application committing in between left a manager with a new pending application ("never once
// approved" broken). Applying and deciding now both hold the applicant's row lock
// (server/domain/users/userLock.ts).
import { and, eq } from "drizzle-orm";
import { managerApplications, users } from "../../../server/db/schema";
import { approveApplication } from "../../../server/domain/manager/managerApplications";
import { describeEachDatabase } from "../../support/server/testDb";
import {
  type CommerceServer,
  post,
  signIn,
  startCommerceServer,
} from "../orders/commerceApi";

const ROUNDS = 6;
const PARALLEL = 12;

describeEachDatabase(
  "applying while an approval lands (issue #19)",
  (database) => {
    let server: CommerceServer;
    beforeAll(async () => {
      server = await startCommerceServer(database);
    });
    afterAll(() => server.close());

    const application = {
      name: "陈静",
      phone: "13912345678",
      region: "浙江杭州",
      reason: "我在社区组织祈福活动",
    };

    it(`never leaves a manager with a pending application (${ROUNDS} rounds of ${PARALLEL} applies around an approval)`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const ann = await signIn(server);
        const first = await post(server, "manager/v1/apply", application, ann);
        expect(first.status).toBe(200);
        const id = first.body.data.applicationId as number;
        const applies = Array.from({ length: PARALLEL }, () =>
          post(server, "manager/v1/apply", application, ann),
        );
        // NOTE: the approval starts while the applies are in flight.
        const approved = new Promise((resolve) =>
          setTimeout(resolve, round),
        ).then(() => approveApplication(server.db, id, server.clock.now));
        const [answers] = await Promise.all([Promise.all(applies), approved]);
        for (const answer of answers)
          expect(["ALREADY_MANAGER", "MANAGER_APPLICATION_PENDING"]).toContain(
            answer.body.reason,
          );
        const [user] = await server.db
          .select({ isManager: users.isManager })
          .from(users)
          .where(eq(users.id, ann.userId));
        expect(user?.isManager).toBe(1);
        const pending = await server.db
          .select({ id: managerApplications.id })
          .from(managerApplications)
          .where(
            and(
              eq(managerApplications.userId, ann.userId),
              eq(managerApplications.status, "pending"),
            ),
          );
        expect(pending, `round ${round}`).toEqual([]);
      }
    });
  },
);

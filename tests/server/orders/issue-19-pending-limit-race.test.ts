// Issue #19, item 1 (https://github.com/fuyuan/fuyuan/issues/19): 80 parallel order/v1/create
// calls of one user left 54 unpaid orders, because the count was read outside any lock. The count
// and the insert now run in one transaction under the user's row lock (server/domain/users/userLock.ts).
import { and, count, eq } from "drizzle-orm";
import { orders } from "../../../server/db/schema";
import { ORDER_RULES } from "../../../server/domain/orders/createOrder";
import { describeEachDatabase } from "../../support/testDb";
import {
  type CommerceServer,
  post,
  productAsking,
  signIn,
  startCommerceServer,
} from "./commerceApi";

const PARALLEL = 60;

describeEachDatabase(
  "unpaid-order limit under parallel creates (issue #19)",
  (database) => {
    let server: CommerceServer;
    beforeAll(async () => {
      server = await startCommerceServer(database);
    });
    afterAll(() => server.close());

    it(`${PARALLEL} parallel creates of one user leave exactly ${ORDER_RULES.maxPendingPerUser} unpaid orders`, async () => {
      const alice = await signIn(server);
      const product = await productAsking(server, {
        beneficiary: true,
        wish: true,
        birthDate: false,
      });
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          post(
            server,
            "order/v1/create",
            {
              productId: product.id,
              optionId: product.options[0]!.id,
              quantity: 1,
              beneficiaryName: "王小明",
              wish: "愿家人平安健康",
            },
            alice,
          ),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(
        ORDER_RULES.maxPendingPerUser,
      );
      const refused = answers.filter((a) => a.status !== 200);
      expect(refused).toHaveLength(PARALLEL - ORDER_RULES.maxPendingPerUser);
      for (const answer of refused)
        expect(answer.body).toMatchObject({ reason: "PENDING_ORDER_LIMIT" });
      const [row] = await server.db
        .select({ n: count() })
        .from(orders)
        .where(
          and(
            eq(orders.userId, alice.userId),
            eq(orders.status, "pending_payment"),
          ),
        );
      expect(row?.n).toBe(ORDER_RULES.maxPendingPerUser);
    });
  },
);

// Social proof on a product: `supporters` counts the people (not orders) with a paid, in-service or
// completed order of it; unpaid and cancelled orders do not count.
import { eq } from "drizzle-orm";
import { orders } from "../../../server/db/schema";
import { transitionOrder } from "../../../server/domain/orders/transitionOrder";
import { describeEachDatabase } from "../../support/server/testDb";
import {
  type CommerceServer,
  get,
  payThroughCashier,
  placeOrder,
  productAsking,
  signIn,
  startCommerceServer,
} from "../orders/commerceApi";
import { contentCacheOf } from "../../../server/domain/content/contentCache";

describeEachDatabase("product supporters", (database) => {
  let server: CommerceServer;

  beforeAll(async () => {
    server = await startCommerceServer(database);
  });
  afterAll(() => server.close());

  it("counts each person with a paid, in-service or completed order once", async () => {
    const product = await productAsking(server, {
      beneficiary: true,
      wish: true,
      birthDate: false,
    });
    // NOTE: the count follows payments within the content cache's TTL (contentCache.ts); the test
    // reads it fresh, as a visitor does once that moment has passed.
    const supporters = async () => {
      contentCacheOf(server.db).clear();
      return (await get(server, `oapi/v1/products/${product.id}`)).body.data
        .supporters as number;
    };
    const before = await supporters();

    const [ann, ben, cat] = [
      await signIn(server),
      await signIn(server),
      await signIn(server),
    ];
    // Ann pays twice: one person.
    for (let i = 0; i < 2; i++) {
      const order = await placeOrder(server, ann);
      expect((await payThroughCashier(server, ann, order.masterId)).ok).toBe(
        true,
      );
    }
    // Ben pays, and the temple completes his order.
    const bens = await placeOrder(server, ben);
    await payThroughCashier(server, ben, bens.masterId);
    await transitionOrder(server.db, {
      orderId: bens.masterId,
      to: "in_service",
      actor: "admin",
      now: new Date(),
    });
    // Cat only places an order (unpaid), and cancels another.
    await placeOrder(server, cat);
    const cancelled = await placeOrder(server, cat);
    await server.db
      .update(orders)
      .set({ status: "cancelled" })
      .where(eq(orders.id, cancelled.masterId));

    await expect.poll(supporters, { timeout: 10_000 }).toBe(before + 2);
  });
});

// Placing an order: the product must be on sale and the option its own, the fields the product
// asks for present and well-formed (and no others, #contract's askedFieldsRefusal), the total
// price × quantity (orderPrice).
// The order starts pending payment, with the first timeline entry, in one transaction that also
// holds the user's lock while it counts their unpaid orders (at most 10).
import type { Db } from "../../db/createDb";
import { type OrderRow, orderStatusEvents, orders } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { findProduct } from "../content/queries";
import { uniqueViolation } from "../users/accounts";
import { lockUser } from "../users/userLock";
import {
  askedFieldsRefusal,
  type CreateOrderBody,
  OPENING_MOVE,
  orderPrice,
} from "#contract";
import { optionalText, pastDate, todayOf } from "./fieldRules";
import { newMasterOrderNo } from "./orderNumbers";
import { refusalError } from "./orderStatus";
import { countPending } from "./orderQueries";

export const ORDER_RULES = {
  maxBeneficiaryName: 40,
  maxWish: 200,
  /** Unpaid orders one user may hold at once. */
  maxPendingPerUser: 10,
} as const;

const NUMBER_ATTEMPTS = 4;

export async function createOrder(
  db: Db,
  userId: number,
  body: CreateOrderBody,
  now: number,
): Promise<OrderRow> {
  const found = await findProduct(db, body.productId);
  if (found === undefined)
    throw new HttpError(
      "PRODUCT_NOT_FOUND",
      `product ${body.productId} not found`,
    );
  const { product } = found;
  const option = found.options.find((o) => o.id === body.optionId);
  if (option === undefined)
    throw new HttpError(
      "PRODUCT_OPTION_UNKNOWN",
      `body/optionId ${body.optionId} is not an option of product ${body.productId}`,
      { params: { field: "optionId" } },
    );

  const beneficiaryName = optionalText(
    body.beneficiaryName,
    "beneficiaryName",
    ORDER_RULES.maxBeneficiaryName,
  );
  const wish = optionalText(body.wish, "wish", ORDER_RULES.maxWish, {
    multiline: true,
  });
  const birthDateRaw = optionalText(body.birthDate, "birthDate", 10);
  const birthDate =
    birthDateRaw === null
      ? null
      : pastDate(birthDateRaw, "birthDate", todayOf(now));
  const refusal = askedFieldsRefusal(
    {
      beneficiaryName: product.askBeneficiary,
      wish: product.askWish,
      birthDate: product.askBirthDate,
    },
    {
      beneficiaryName: beneficiaryName !== null,
      wish: wish !== null,
      birthDate: birthDate !== null,
    },
  );
  if (refusal !== null) throw refusalError(refusal);

  const at = new Date(now);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        // NOTE: count and insert under the user's lock, or parallel creates all read the same
        // count and all insert (80 at once left 54 unpaid orders, issue #19).
        if (!(await lockUser(tx, userId)))
          throw new HttpError("ACCOUNT_NOT_FOUND", "account not found");
        if ((await countPending(tx, userId)) >= ORDER_RULES.maxPendingPerUser)
          throw new HttpError(
            "PENDING_ORDER_LIMIT",
            `you have ${ORDER_RULES.maxPendingPerUser} unpaid orders: pay or cancel one first`,
            { params: { max: ORDER_RULES.maxPendingPerUser } },
          );
        const [order] = await tx
          .insert(orders)
          .values({
            masterOrderNo: newMasterOrderNo(now),
            userId,
            productId: product.id,
            optionId: option.id,
            productTitle: product.title,
            optionLabel: option.label,
            days: option.days,
            quantity: body.quantity,
            ...orderPrice(option.priceFen, body.quantity),
            beneficiaryName,
            wish,
            birthDate,
            showOnWall: body.showOnWall ?? false,
            status: OPENING_MOVE.to,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        if (order === undefined) throw new Error("insert returned no order");
        await tx.insert(orderStatusEvents).values({
          orderId: order.id,
          fromStatus: OPENING_MOVE.from,
          toStatus: OPENING_MOVE.to,
          actor: OPENING_MOVE.actor,
          note: OPENING_MOVE.note,
          at,
        });
        return order;
      });
    } catch (error) {
      // NOTE: two orders drew the same number the same day (1 in 10^10): draw again.
      if (
        uniqueViolation(error) !== "orders_master_order_no_unique" ||
        attempt >= NUMBER_ATTEMPTS
      )
        throw error;
    }
  }
}

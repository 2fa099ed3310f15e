// Order endpoints under /api/app/order/v1 (signed in; only the owner sees or touches an order,
// anyone else gets the same 404 as for a missing one): create, detail, my orders, cancel. The
// temple's side (fulfil, refunds, the staff's list) is fulfilment/routes.ts.
import {
  CreateOrderQuery,
  CreateOrderRequest,
  MyOrdersQuery,
  OrderDetail,
  OrderDetailQuery,
  OrderPage,
  OrderRefBody,
} from "#contract/schemas";
import { DEFAULT_LOCALE } from "../../lib/locale";
import { EnvelopeOf, ok } from "../../http/envelope";
import { HttpError } from "../../http/errors";
import { BEARER, signedIn, signedInRoutes } from "../auth/authenticate";
import { cancelPending } from "../payments/cancelPending";
import type { DomainPlugin } from "../../http/domainPlugin";
import { createOrder } from "./createOrder";
import { orderDetailById, orderDetailOf } from "./orderDetail";
import { findOwnOrder, ownOrderLister } from "./orderQueries";
import { presentOrder } from "./present";
import { ORDER_ERRORS } from "./schemas";

const tags = ["orders"];

export const orderRoutes: DomainPlugin = (app, deps) => {
  const { db, auth, clock, pay, publicUrl } = deps;
  const listOwnOrders = ownOrderLister(db);

  const detail = (orderId: number, locale = DEFAULT_LOCALE) =>
    orderDetailById(db, orderId, locale, publicUrl());

  return signedInRoutes(app, auth, (app) => {
    app.post(
      "/order/v1/create",
      {
        schema: {
          tags,
          summary:
            "Order a blessing service: option of the product, quantity 1–99, the fields the product asks for",
          security: BEARER,
          querystring: CreateOrderQuery,
          body: CreateOrderRequest,
          response: { 200: EnvelopeOf(OrderDetail), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const { userId } = signedIn(request);
        const order = await createOrder(db, userId, request.body, clock());
        return ok(await detail(order.id, request.query.locale));
      },
    );

    app.get(
      "/order/v1/detail",
      {
        schema: {
          tags,
          summary:
            "One of my orders (by masterId or masterOrderNo) with its timeline",
          security: BEARER,
          querystring: OrderDetailQuery,
          response: { 200: EnvelopeOf(OrderDetail), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const { userId } = signedIn(request);
        const view = await findOwnOrder(db, userId, request.query);
        return ok(
          await orderDetailOf(db, view, request.query.locale, publicUrl()),
        );
      },
    );

    app.get(
      "/order/v1/mine",
      {
        schema: {
          tags,
          summary: "My orders, newest first, optionally of one status",
          security: BEARER,
          querystring: MyOrdersQuery,
          response: { 200: EnvelopeOf(OrderPage), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const { userId } = signedIn(request);
        const page = request.query.page ?? 1;
        const pageSize = request.query.pageSize ?? 10;
        const locale = request.query.locale ?? DEFAULT_LOCALE;
        const { rows, total } = await listOwnOrders(userId, {
          status: request.query.status,
          page,
          pageSize,
        });
        return ok({
          list: rows.map((row) => presentOrder(row, locale)),
          total,
          page,
          pageSize,
        });
      },
    );

    app.post(
      "/order/v1/cancel",
      {
        schema: {
          tags,
          summary:
            "Cancel my unpaid order (an open WeChat Pay attempt is closed first)",
          security: BEARER,
          body: OrderRefBody,
          response: { 200: EnvelopeOf(OrderDetail), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const { userId } = signedIn(request);
        const { order } = await findOwnOrder(db, userId, request.body);
        const outcome = await cancelPending(
          { db, now: clock(), logger: request.log },
          await pay.provider(),
          order,
          "user",
          "cancelled by the customer",
        );
        if (outcome.kind === "paid")
          throw new HttpError(
            "ORDER_JUST_PAID",
            `order ${order.masterOrderNo} has just been paid; it cannot be cancelled`,
          );
        return ok(await detail(order.id));
      },
    );
  });
};

// The temple's side of orders under /api/app/order/v1 (#22): the owner's refund request, and for
// service staff, admins and monks (their own services' orders) the work list, an order's detail,
// fulfilment moves and refund reviews. Every change is audited; the owner hears of it in the chat.
import {
  FulfilRequest,
  OrderDetail,
  RefundRequestBody,
  RefundReviewBody,
  StaffOrderDetail,
  StaffOrderPage,
  StaffOrderQuery,
  StaffOrdersQuery,
} from "#contract/schemas";
import { DEFAULT_LOCALE } from "../../lib/locale";
import { EnvelopeOf, ok } from "../../http/envelope";
import { BEARER, signedIn, signedInRoutes } from "../auth/authenticate";
import type { DomainPlugin } from "../../http/domainPlugin";
import { orderDetailById } from "../orders/orderDetail";
import { ORDER_ERRORS } from "../orders/schemas";
import { fulfilOrder } from "./fulfilOrder";
import { tellOwner, tellStaffOfRefundRequest } from "./orderNotices";
import { payOut } from "./refundPayouts";
import { requestRefund, reviewRefund } from "./refunds";
import {
  assertMayReviewRefunds,
  assertMayWorkOn,
  requireStaff,
} from "./staffAccess";
import { listStaffOrders, staffOrderDetail } from "./staffOrders";

const tags = ["fulfilment"];

export const fulfilmentRoutes: DomainPlugin = (app, deps) => {
  const { db, auth, clock, pay, publicUrl, im, logger } = deps;
  const notices = { db, im, logger };
  const now = () => new Date(clock());

  return signedInRoutes(app, auth, (app) => {
    app.get(
      "/order/v1/staff/list",
      {
        schema: {
          tags,
          summary:
            "Staff: orders to work on (agenda, to start, in service, refund requests, all; q searches); monks see their services' only",
          security: BEARER,
          querystring: StaffOrdersQuery,
          response: { 200: EnvelopeOf(StaffOrderPage), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const staff = await requireStaff(db, signedIn(request).userId);
        const page = request.query.page ?? 1;
        const pageSize = request.query.pageSize ?? 20;
        const { list, total } = await listStaffOrders(
          db,
          staff,
          {
            queue: request.query.queue ?? "all",
            status: request.query.status,
            userId: request.query.userId,
            q: request.query.q,
            page,
            pageSize,
          },
          request.query.locale ?? DEFAULT_LOCALE,
          publicUrl(),
        );
        return ok({ list, total, page, pageSize });
      },
    );

    const staffDetail = (
      staff: Awaited<ReturnType<typeof requireStaff>>,
      masterId: number,
      locale = DEFAULT_LOCALE,
    ) => staffOrderDetail(db, staff, masterId, locale, publicUrl());

    app.get(
      "/order/v1/staff/detail",
      {
        schema: {
          tags,
          summary:
            "Staff: one order with its customer and the moves allowed now",
          security: BEARER,
          querystring: StaffOrderQuery,
          response: { 200: EnvelopeOf(StaffOrderDetail), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const staff = await requireStaff(db, signedIn(request).userId);
        return ok(
          await staffDetail(
            staff,
            request.query.masterId,
            request.query.locale,
          ),
        );
      },
    );

    app.post(
      "/order/v1/fulfil",
      {
        schema: {
          tags,
          summary:
            "Monk of the service or staff: mark a paid order in service (plannedAt) or completed (proof photos, note)",
          security: BEARER,
          body: FulfilRequest,
          response: { 200: EnvelopeOf(StaffOrderDetail), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const staff = await requireStaff(db, signedIn(request).userId);
        await assertMayWorkOn(db, staff, request.body.masterId);
        const result = await fulfilOrder(db, staff, request.body, now());
        if (result.changed)
          await tellOwner(
            notices,
            result.order,
            result.order.status === "in_service"
              ? {
                  kind: "planned",
                  plannedAt: result.plannedAt ?? now(),
                  note: result.note,
                }
              : {
                  kind: "completed",
                  photoCount: result.photos.length,
                  note: result.note,
                },
            result.order.status,
          );
        return ok(await staffDetail(staff, result.order.id));
      },
    );

    app.post(
      "/order/v1/refund/request",
      {
        schema: {
          tags,
          summary:
            "Ask for a refund of my paid order that is not completed yet (with a reason)",
          security: BEARER,
          body: RefundRequestBody,
          response: { 200: EnvelopeOf(OrderDetail), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const { userId } = signedIn(request);
        const { order, refund } = await requestRefund(
          db,
          userId,
          request.body,
          now(),
        );
        await tellStaffOfRefundRequest(notices, order, refund);
        return ok(await orderDetailById(db, order.id, undefined, publicUrl()));
      },
    );

    app.post(
      "/order/v1/refund/review",
      {
        schema: {
          tags,
          summary:
            "Staff or admin: approve (WeChat Pay refunds the whole amount) or decline (with a reason) a refund request",
          security: BEARER,
          body: RefundReviewBody,
          response: { 200: EnvelopeOf(StaffOrderDetail), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const staff = await requireStaff(db, signedIn(request).userId);
        assertMayReviewRefunds(staff);
        await assertMayWorkOn(db, staff, request.body.masterId);
        // NOTE: no provider, no approval: 503 before anything changes.
        const provider = request.body.approve
          ? await pay.requireProvider()
          : null;
        const review = await reviewRefund(db, staff, request.body, now());
        if (review.changed && provider !== null) {
          const outcome = await payOut(
            { db, logger: request.log, now, notices },
            provider,
            review.order,
            review.refund,
          );
          // NOTE: a refund WeChat Pay finished at once has told the owner already.
          if (outcome !== "succeeded")
            await tellOwner(
              notices,
              review.order,
              { kind: "refund_approved", amountFen: review.refund.amountFen },
              `refund-${review.refund.id}-approved`,
            );
        } else if (review.changed)
          await tellOwner(
            notices,
            review.order,
            {
              kind: "refund_declined",
              reason: review.refund.reviewReason ?? "",
            },
            `refund-${review.refund.id}-declined`,
          );
        return ok(await staffDetail(staff, review.order.id));
      },
    );
  });
};

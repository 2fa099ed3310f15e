// An in-memory order desk layered over installFakeApi's fetch stub: the staff queues and detail,
// the fulfilment moves and the refund review with the rules the tab relies on (who may do what
// now, photos required to complete, a reason to decline), proof photo uploads, and a way to hold
// an answer back (double taps) or refuse a path. The rules are #contract's orderRules.ts, the
// server's own, and every call is checked against #contract/schemas: a drift fails the test.
// Test support.
import {
  isRefundable,
  moveDecision,
  type OrderRefusal,
  openRefundRefusal,
  refundableStatusRefusal,
  refundRequestRefusal,
  STATUS_TIMESTAMP,
  staffMoves,
} from "#contract";
import * as schemas from "#contract/schemas";
import type {
  ApiErrorParams,
  ApiErrorReason,
} from "../../../../contract/apiErrors";
import { type Answer, ok, refuse, refused } from "../fakeAnswers";
import {
  conform,
  ContractCheck,
  FILE_CONTRACT,
  fileRouteOf,
  type RouteContract,
} from "../contractCheck";
import { type FakeRequest, layerFetch } from "../layerFetch";
import type { RefundView, StaffOrderDetail } from "../../../../src/api/staff";
import type { OrderStatus } from "../../../../src/api/commerce";

export interface DeskCall {
  path: string;
  method: string;
  body: unknown;
  query: URLSearchParams;
}

const DAY = 86_400_000;

/** What the server validates each path with (#contract/schemas): request parts and the answer. */
const CONTRACT: Record<string, RouteContract> = {
  "order/v1/staff/list": {
    query: schemas.StaffOrdersQuery,
    answer: schemas.StaffOrderPage,
  },
  "order/v1/staff/detail": {
    query: schemas.StaffOrderQuery,
    answer: schemas.StaffOrderDetail,
  },
  "order/v1/fulfil": {
    body: schemas.FulfilRequest,
    answer: schemas.StaffOrderDetail,
  },
  "order/v1/refund/review": {
    body: schemas.RefundReviewBody,
    answer: schemas.StaffOrderDetail,
  },
  ...FILE_CONTRACT,
};

/** A stored name as the server hands them out (32 URL-safe characters and the extension). */
export const storedName = (n: number) =>
  `${"p".repeat(31)}${String(n % 10)}.png`;

export class FakeStaffDesk {
  orders: StaffOrderDetail[] = [];
  calls: DeskCall[] = [];
  /** Answers every desk call with 403 FORBIDDEN (a user who is no staffer). */
  forbidden = false;
  /** Whether the caller reviews refunds (service staff and admins do, a monk does not). */
  reviewsRefunds = true;
  /** Its calls checked against CONTRACT; the test fails on any drift. */
  readonly contract = new ContractCheck(CONTRACT, fileRouteOf);
  private seq = 0;
  private uploads = 0;
  private failing = new Map<string, Answer>();
  private held = new Map<string, Promise<void>>();

  callsTo(path: string, method?: string): DeskCall[] {
    return this.calls.filter(
      (call) =>
        call.path === path && (method === undefined || call.method === method),
    );
  }

  failPath(
    path: string,
    reason: ApiErrorReason,
    msg: string,
    params?: ApiErrorParams,
  ): void {
    this.failing.set(path, refuse(reason, msg, params));
  }

  heal(): void {
    this.failing.clear();
  }

  /** Holds the answers of `path` until the returned function is called. */
  hold(path: string): () => void {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = () => {
        resolve();
      };
    });
    this.held.set(path, gate);
    return () => {
      this.held.delete(path);
      release();
    };
  }

  waitFor(path: string): Promise<void> {
    return this.held.get(path) ?? Promise.resolve();
  }

  /** Adds a paid order as the server would show it to staff. */
  seed(overrides: Partial<StaffOrderDetail> = {}): StaffOrderDetail {
    this.seq += 1;
    const paidAt = new Date(Date.now() - (10 - this.seq) * DAY);
    const created = new Date(paidAt.getTime() - 60_000);
    const status = overrides.status ?? "paid";
    const order: StaffOrderDetail = {
      masterId: this.seq,
      masterOrderNo: `2026112710${String(this.seq).padStart(8, "0")}`,
      id: 12,
      status,
      product: {
        id: 12,
        category: "lamp",
        title: `光明灯 ${String(this.seq)}`,
        cover: "/images/products/lamp.svg",
        monkName: "释慧明",
        monkImId: "monk_7",
      },
      option: { id: 1, label: "七日", days: 7 },
      quantity: 2,
      unitPriceFen: 8800,
      totalFen: 17600,
      beneficiaryName: "张三",
      wish: "家人平安",
      birthDate: "1980-02-03",
      showOnWall: false,
      payChannel: "native",
      openidBound: false,
      createdAt: created.toISOString(),
      payBefore: null,
      paidAt: paidAt.toISOString(),
      serviceStartedAt: null,
      completedAt: null,
      cancelledAt: null,
      refundedAt: null,
      timeline: [
        {
          status: "pending_payment",
          from: null,
          at: created.toISOString(),
          actor: "user",
          note: "",
          photos: [],
          plannedAt: null,
        },
        {
          status: "paid",
          from: "pending_payment",
          at: paidAt.toISOString(),
          actor: "wechat_pay",
          note: "notification; transaction 42",
          photos: [],
          plannedAt: null,
        },
      ],
      plannedAt: null,
      refund: null,
      refundable: isRefundable(status, overrides.refund?.status),
      customer: {
        userId: 100 + this.seq,
        imId: `u_${String(100 + this.seq)}`,
        nickname: `善信${String(this.seq)}`,
        avatarUrl: "/images/avatars/1.svg",
      },
      can: { startService: false, complete: false, reviewRefund: false },
      ...overrides,
    };
    this.judge(order);
    conform(schemas.StaffOrderDetail, order, "a seeded order");
    this.orders.push(order);
    return order;
  }

  /** A refund request on `order`, as the owner's request would leave it. */
  requestRefund(
    order: StaffOrderDetail,
    reason = "家中有变，暂不需要",
  ): RefundView {
    const refusal = refundRequestRefusal(
      order.masterOrderNo,
      order.status,
      order.refund?.status,
    );
    if (refusal !== null) throw new Error(refusal.message);
    const refund: RefundView = {
      status: "requested",
      reason,
      reviewReason: null,
      amountFen: order.totalFen,
      requestedAt: new Date().toISOString(),
      reviewedAt: null,
      refundedAt: null,
    };
    order.refund = refund;
    order.refundable = isRefundable(order.status, refund.status);
    this.judge(order);
    return refund;
  }

  /** What the caller may do now: the server's rules as the tab sees them. */
  private judge(order: StaffOrderDetail): void {
    order.can = staffMoves(
      order.status,
      order.refund?.status,
      this.reviewsRefunds,
    );
  }

  private inQueue(order: StaffOrderDetail, queue: unknown): boolean {
    switch (queue) {
      case "agenda":
        return order.status === "paid" || order.status === "in_service";
      case "to_start":
        return order.status === "paid";
      case "in_service":
        return order.status === "in_service";
      case "refund_requested":
        return order.refund?.status === "requested";
      default:
        return (
          order.status !== "pending_payment" && order.status !== "cancelled"
        );
    }
  }

  /** Moves `order` as the server's moveOrder does (a move to where it is does nothing). */
  private move(
    order: StaffOrderDetail,
    to: OrderStatus,
    extra: { note?: string; photos?: string[]; plannedAt?: string },
  ): OrderRefusal | null {
    const decision = moveDecision(order.masterOrderNo, order.status, to);
    if (decision === "same") return null;
    if (decision !== "move") return decision;
    const refundOpen = openRefundRefusal(order.refund?.status);
    if (refundOpen !== null) return refundOpen;
    const at = new Date().toISOString();
    order.timeline.push({
      status: to,
      from: order.status,
      at,
      actor: "staff",
      note: extra.note ?? "",
      photos: extra.photos ?? [],
      plannedAt: extra.plannedAt ?? null,
    });
    order.status = to;
    const stamp = STATUS_TIMESTAMP[to];
    if (stamp !== null) order[stamp] = at;
    if (to === "in_service") order.plannedAt = extra.plannedAt ?? null;
    order.refundable = isRefundable(to, order.refund?.status);
    this.judge(order);
    return null;
  }

  /** order/v1/fulfil, its checks in the server's order (fulfilOrder.ts). */
  private fulfil(fields: Record<string, unknown>): Answer {
    const order = this.orders.find((o) => o.masterId === fields.masterId);
    if (order === undefined)
      return refuse("ORDER_NOT_FOUND", "order not found");
    const note = typeof fields.note === "string" ? { note: fields.note } : {};
    let refusal: OrderRefusal | null;
    if (fields.status === "in_service") {
      if (typeof fields.plannedAt !== "string")
        return refuse("PLANNED_AT_REQUIRED", "plannedAt");
      refusal = this.move(order, "in_service", {
        plannedAt: fields.plannedAt,
        ...note,
      });
    } else {
      const names = fields.photoFileIds;
      if (!Array.isArray(names) || names.length === 0)
        return refuse("PROOF_PHOTO_REQUIRED", "photos");
      refusal = this.move(order, "completed", {
        photos: names.map(
          (name) => `http://localhost:3000/media/${String(name)}`,
        ),
        ...note,
      });
    }
    return refusal === null ? ok(order) : refused(refusal);
  }

  /** order/v1/refund/review, its checks in the server's order (refunds.ts). */
  private review(fields: Record<string, unknown>): Answer {
    if (!this.reviewsRefunds)
      return refuse("FORBIDDEN", "only service staff review refunds");
    const order = this.orders.find((o) => o.masterId === fields.masterId);
    if (order === undefined)
      return refuse("ORDER_NOT_FOUND", "order not found");
    const approve = fields.approve === true;
    const reason = typeof fields.reason === "string" ? fields.reason : null;
    if (!approve && (reason === null || reason.trim() === ""))
      return refuse("DECLINE_REASON_REQUIRED", "reason");
    const refund = order.refund;
    if (refund === null)
      return refuse("REFUND_NOT_REQUESTED", "no refund to review");
    if (refund.status !== "requested") {
      const same = approve
        ? refund.status === "processing" || refund.status === "succeeded"
        : refund.status === "declined";
      return same
        ? ok(order)
        : refuse("REFUND_NOT_REQUESTED", `the refund is ${refund.status}`);
    }
    const notRefundable = approve
      ? refundableStatusRefusal(order.masterOrderNo, order.status, "")
      : null;
    if (notRefundable !== null) return refused(notRefundable);
    order.refund = {
      ...refund,
      status: approve ? "processing" : "declined",
      reviewReason: reason,
      reviewedAt: new Date().toISOString(),
    };
    order.refundable = isRefundable(order.status, order.refund.status);
    this.judge(order);
    return ok(order);
  }

  /** Answers a desk or file call, checked against CONTRACT (undefined: not one). */
  answer(request: FakeRequest): Answer | undefined {
    const { path } = request;
    const desk =
      path.startsWith("order/v1/staff/") ||
      path === "order/v1/fulfil" ||
      path === "order/v1/refund/review";
    if (!desk && !path.startsWith("file/v1/")) return undefined;
    return this.contract.serve(request, (query) =>
      this.route(request, desk, query),
    );
  }

  private route(
    { url, path, method, body }: FakeRequest,
    desk: boolean,
    query: Record<string, unknown>,
  ): Answer | undefined {
    this.calls.push({ path, method, body, query: url.searchParams });
    const failure = this.failing.get(path);
    if (failure !== undefined) return failure;
    if (desk && this.forbidden) return refuse("FORBIDDEN", "staff only");
    const fields = (body ?? {}) as Record<string, unknown>;
    if (path === "order/v1/staff/list") {
      const { queue } = query;
      const { page, pageSize } = query as { page: number; pageSize: number };
      const q = typeof query.q === "string" ? query.q.trim().toLowerCase() : "";
      const found = (o: StaffOrderDetail) =>
        [o.masterOrderNo, o.customer.nickname, o.customer.imId].some((text) =>
          text.toLowerCase().includes(q),
        );
      const all = this.orders
        .filter((o) => this.inQueue(o, queue) && found(o))
        .toReversed();
      return ok({
        list: all.slice((page - 1) * pageSize, page * pageSize),
        total: all.length,
        page,
        pageSize,
      });
    }
    if (path === "order/v1/staff/detail") {
      const order = this.orders.find((o) => o.masterId === query.masterId);
      return order === undefined
        ? refuse("ORDER_NOT_FOUND", "order not found")
        : ok(order);
    }
    if (path === "order/v1/fulfil") return this.fulfil(fields);
    if (path === "order/v1/refund/review") return this.review(fields);
    if (path === "file/v1/upload" && method === "POST") {
      this.uploads += 1;
      const name = storedName(this.uploads);
      return ok({
        name,
        url: `http://localhost:3000/media/${name}`,
        width: 640,
        height: 480,
      });
    }
    if (method === "DELETE") return ok(null);
    return undefined;
  }
}

/** Installs the desk over the current fetch stub (call installFakeApi first). */
export function installFakeStaffDesk(): FakeStaffDesk {
  const desk = new FakeStaffDesk();
  desk.contract.failTestOnDrift();
  layerFetch(
    (request) => desk.answer(request),
    (request) => desk.waitFor(request.path),
  );
  return desk;
}

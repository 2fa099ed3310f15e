// An in-memory order desk layered over installFakeApi's fetch stub: the staff queues and detail,
// the fulfilment moves and the refund review with the rules the tab relies on (who may do what
// now, photos required to complete, a reason to decline), proof photo uploads, and a way to hold
// an answer back (double taps) or refuse a path. Test support.
import type {
  ApiErrorParams,
  ApiErrorReason,
} from "../../../../contract/apiErrors";
import { type Answer, ok, refuse } from "../fakeAnswers";
import type { RefundView, StaffOrderDetail } from "../../../../src/api/staff";
import type { OrderStatus } from "../../../../src/api/commerce";

export interface DeskCall {
  path: string;
  method: string;
  body: unknown;
  query: URLSearchParams;
}

const DAY = 86_400_000;
/** A stored name as the server hands them out (32 URL-safe characters and the extension). */
export const storedName = (n: number) =>
  `${"p".repeat(31)}${String(n % 10)}.png`;

export class FakeStaffDesk {
  orders: StaffOrderDetail[] = [];
  calls: DeskCall[] = [];
  /** Answers every desk call with 403 FORBIDDEN (a user who is no staffer). */
  forbidden = false;
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
    const order: StaffOrderDetail = {
      masterId: this.seq,
      masterOrderNo: `2026112710${String(this.seq).padStart(8, "0")}`,
      id: 12,
      status: "paid",
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
      refundable: true,
      customer: {
        userId: 100 + this.seq,
        imId: `u_${String(100 + this.seq)}`,
        nickname: `善信${String(this.seq)}`,
        avatarUrl: "/images/avatars/1.svg",
      },
      can: { startService: false, complete: false, reviewRefund: false },
      ...overrides,
    };
    this.orders.push(order);
    this.judge(order);
    return order;
  }

  /** A refund request on `order`, as the owner's request would leave it. */
  requestRefund(
    order: StaffOrderDetail,
    reason = "家中有变，暂不需要",
  ): RefundView {
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
    this.judge(order);
    return refund;
  }

  /** What the caller may do now: the server's rules as the tab sees them. */
  private judge(order: StaffOrderDetail): void {
    const open =
      order.refund !== null &&
      ["requested", "processing"].includes(order.refund.status);
    order.can = {
      startService: order.status === "paid" && !open,
      complete: order.status === "in_service" && !open,
      reviewRefund: order.refund?.status === "requested",
    };
  }

  private inQueue(order: StaffOrderDetail, queue: string | null): boolean {
    switch (queue) {
      case "agenda":
        return order.status === "paid" || order.status === "in_service";
      case "to_start":
      case null:
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

  private move(
    order: StaffOrderDetail,
    to: OrderStatus,
    extra: { note?: string; photos?: string[]; plannedAt?: string },
  ): void {
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
    if (to === "in_service") {
      order.serviceStartedAt = at;
      order.plannedAt = extra.plannedAt ?? null;
    }
    if (to === "completed") {
      order.completedAt = at;
      order.refundable = false;
    }
    this.judge(order);
  }

  private fulfil(fields: Record<string, unknown>): Answer {
    const order = this.orders.find((o) => o.masterId === fields.masterId);
    if (order === undefined)
      return refuse("ORDER_NOT_FOUND", "order not found");
    if (fields.status === "in_service") {
      if (!order.can.startService)
        return refuse("ORDER_STATE_CONFLICT", "cannot start", {
          from: order.status,
          to: "in_service",
        });
      if (typeof fields.plannedAt !== "string")
        return refuse("PLANNED_AT_REQUIRED", "plannedAt");
      this.move(order, "in_service", {
        plannedAt: fields.plannedAt,
        ...(typeof fields.note === "string" ? { note: fields.note } : {}),
      });
      return ok(order);
    }
    if (!order.can.complete)
      return refuse("ORDER_STATE_CONFLICT", "cannot complete", {
        from: order.status,
        to: "completed",
      });
    const names = fields.photoFileIds;
    if (!Array.isArray(names) || names.length === 0)
      return refuse("PROOF_PHOTO_REQUIRED", "photos");
    this.move(order, "completed", {
      photos: names.map(
        (name) => `http://localhost:3000/media/${String(name)}`,
      ),
      ...(typeof fields.note === "string" ? { note: fields.note } : {}),
    });
    return ok(order);
  }

  private review(fields: Record<string, unknown>): Answer {
    const order = this.orders.find((o) => o.masterId === fields.masterId);
    if (order === undefined)
      return refuse("ORDER_NOT_FOUND", "order not found");
    if (order.refund?.status !== "requested")
      return refuse("REFUND_NOT_REQUESTED", "no refund to review");
    const reason = typeof fields.reason === "string" ? fields.reason : null;
    if (fields.approve !== true && (reason === null || reason.trim() === ""))
      return refuse("DECLINE_REASON_REQUIRED", "reason");
    order.refund = {
      ...order.refund,
      status: fields.approve === true ? "processing" : "declined",
      reviewReason: reason,
      reviewedAt: new Date().toISOString(),
    };
    this.judge(order);
    return ok(order);
  }

  answer(url: URL, method: string, body: unknown): Answer | undefined {
    const path = url.pathname.replace(/^\/api\/app\//, "");
    const desk =
      path.startsWith("order/v1/staff/") ||
      path === "order/v1/fulfil" ||
      path === "order/v1/refund/review";
    const files = path.startsWith("file/v1/");
    if (!desk && !files) return undefined;
    this.calls.push({ path, method, body, query: url.searchParams });
    const failure = this.failing.get(path);
    if (failure !== undefined) return failure;
    if (desk && this.forbidden) return refuse("FORBIDDEN", "staff only");
    const fields = (body ?? {}) as Record<string, unknown>;
    if (path === "order/v1/staff/list") {
      const queue = url.searchParams.get("queue");
      const page = Number(url.searchParams.get("page") ?? 1);
      const pageSize = Number(url.searchParams.get("pageSize") ?? 20);
      const q = url.searchParams.get("q")?.trim().toLowerCase() ?? "";
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
      const order = this.orders.find(
        (o) => String(o.masterId) === url.searchParams.get("masterId"),
      );
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
  const base = globalThis.fetch;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, window.location.origin);
      const body: unknown =
        typeof init?.body === "string" ? JSON.parse(init.body) : init?.body;
      const path = url.pathname.replace(/^\/api\/app\//, "");
      const found = desk.answer(url, init?.method ?? "GET", body);
      if (found === undefined) return base(input, init);
      await desk.waitFor(path);
      return Response.json(found.body, { status: found.status });
    }),
  );
  return desk;
}

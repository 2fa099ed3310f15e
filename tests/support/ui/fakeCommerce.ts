// An in-memory commerce server (orders, payment, blessings, invites, manager, fate sign-up)
// layered over installFakeApi's fetch stub. It keeps storage and the calls made; the order rules
// are #contract's orderRules.ts, the server's own, and every call is checked against
// #contract/schemas both ways: a drift fails the test.
// NOTE: over 500 lines because it serves five domains; the blessing, invite, manager and fate
// parts are to move to fakes of their own (#21, one tests/support tree).
import {
  askedFieldsRefusal,
  isRefundable,
  moveDecision,
  newestFirst,
  OPENING_MOVE,
  type OrderActor,
  type OrderRefusal,
  orderPrice,
  PAID_STATUSES,
  payBeforeOf,
  refundRequestRefusal,
  STATUS_TIMESTAMP,
} from "#contract";
import * as schemas from "#contract/schemas";
import { Type } from "typebox";
import { Value } from "typebox/value";
import type {
  ApiErrorParams,
  ApiErrorReason,
} from "../../../contract/apiErrors";
import { type Answer, ok, refuse, refused } from "./fakeAnswers";
import {
  conform,
  ContractCheck,
  NoData,
  type RouteContract,
} from "./contractCheck";
import { type FakeRequest, layerFetch } from "./layerFetch";
import type {
  Order,
  OrderDetail,
  OrderStatus,
} from "../../../src/api/commerce";
import type { Blessing } from "../../../src/api/blessings";
import type { FateSignup } from "../../../src/api/fate";
import type { ManagerInfo } from "../../../src/api/manager";
import type { InviteInfo, InviteRecords } from "../../../src/api/invites";
import type { Product } from "../../../src/api/types";
import { product as fixtureProduct } from "./fakeApi";

export interface CommerceCall {
  path: string;
  method: string;
  body: unknown;
  query: URLSearchParams;
}

const isoOf = (ms: number | null): string | null =>
  ms === null ? null : new Date(ms).toISOString();

/** The timeline entry of a move (no proof photos or planned date: staff moves are not faked). */
const entryOf = (
  move: {
    from: OrderStatus | null;
    to: OrderStatus;
    actor: OrderActor;
    note: string;
  },
  at: string,
): OrderDetail["timeline"][number] => ({
  status: move.to,
  from: move.from,
  at,
  actor: move.actor,
  note: move.note,
  photos: [],
  plannedAt: null,
});

/** What the server validates each path with (#contract/schemas): request parts and the answer. */
const CONTRACT: Record<string, RouteContract> = {
  "order/v1/create": {
    query: schemas.CreateOrderQuery,
    body: schemas.CreateOrderRequest,
    answer: schemas.OrderDetail,
  },
  "order/v1/detail": {
    query: schemas.OrderDetailQuery,
    answer: schemas.OrderDetail,
  },
  "order/v1/mine": { query: schemas.MyOrdersQuery, answer: schemas.OrderPage },
  "order/v1/cancel": {
    body: schemas.OrderRefBody,
    answer: schemas.OrderDetail,
  },
  "order/v1/refund/request": {
    body: schemas.RefundRequestBody,
    answer: schemas.OrderDetail,
  },
  "pay/v1/native": { body: schemas.OrderRefBody, answer: schemas.NativeResult },
  "pay/v1/h5": { body: schemas.OrderRefBody, answer: schemas.H5Result },
  "pay/v1/status": { query: schemas.PayStatusQuery, answer: schemas.PayStatus },
  "pay/v1/oauthState": {
    body: schemas.OrderRefBody,
    answer: schemas.OauthStateResult,
  },
  "pay/v1/jsapi": { body: schemas.JsapiRequest, answer: schemas.JsapiResult },
  "pay/v1/bindOpenid": {
    body: schemas.BindOpenidRequest,
    answer: schemas.BindOpenidResult,
  },
  "oapi/v1/blessings": {
    query: schemas.BlessingListQuery,
    answer: schemas.BlessingPage,
  },
  "oapi/v1/blessings/:id": {
    query: schemas.LocaleQuery,
    answer: schemas.Blessing,
  },
  "blessing/v1/join": {
    body: schemas.BlessingJoinRequest,
    answer: schemas.BlessingJoinResult,
  },
  "user/getUserInfoWithInviteCodes": { answer: schemas.InviteCodes },
  "user/bindParentInviteCode": {
    body: schemas.BindInviterRequest,
    answer: schemas.InviteCodes,
  },
  "invite/v1/records": {
    query: schemas.InviteRecordsQuery,
    answer: schemas.InviteRecords,
  },
  "manager/v1/info": { answer: schemas.ManagerInfo },
  "manager/v1/apply": {
    body: schemas.ManagerApplyRequest,
    answer: schemas.ManagerInfo,
  },
  "fate/v1/mine": { answer: Type.Union([schemas.FateSignup, NoData]) },
  "fate/v1/signup": {
    body: schemas.FateSignupRequest,
    answer: schemas.FateSignupResult,
  },
};

export class FakeCommerce {
  orders: OrderDetail[] = [];
  calls: CommerceCall[] = [];
  /** Its calls checked against CONTRACT; the test fails on any drift. */
  readonly contract = new ContractCheck(CONTRACT, (path) =>
    path.replace(/^(oapi\/v1\/blessings)\/\d+$/, "$1/:id"),
  );
  products: Product[] = [fixtureProduct];
  blessings: Blessing[] = [];
  fate: FateSignup | null = null;
  invite: InviteInfo = {
    userId: 42,
    nickname: "善信小林",
    avatarUrl: "/images/avatars/1.svg",
    inviteCode: "FY42AB",
    parentInviteCode: null,
    parent: null,
    isManager: 0,
  };
  inviteRecords: InviteRecords = {
    scope: "direct",
    list: [],
    total: 0,
    page: 1,
    pageSize: 20,
    totals: { people: 0, buyers: 0, paidOrders: 0, paidFen: 0 },
  };
  manager: ManagerInfo = {
    status: "none",
    isManager: 0,
    applicationId: null,
    name: null,
    region: null,
    appliedAt: null,
    decidedAt: null,
    rejectReason: null,
  };
  /** Who joined which blessing (the server's one-join-per-user rule). */
  joins = new Set<number>();
  private seq = 0;
  private failing = new Map<string, Answer>();

  /** Makes `path` answer with this status and message until heal(). */
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

  callsTo(path: string): CommerceCall[] {
    return this.calls.filter((call) => call.path === path);
  }

  /**
   * Adds an order as the server would have stored it: pending payment unless `overrides` say
   * otherwise; what the overrides leave out follows the rules (pay window, refundable).
   */
  seed(overrides: Partial<OrderDetail> = {}): OrderDetail {
    this.seq += 1;
    const created = Date.now() - (100 - this.seq) * 1000;
    const status = overrides.status ?? OPENING_MOVE.to;
    const createdAt = overrides.createdAt ?? new Date(created).toISOString();
    const order: OrderDetail = {
      masterId: this.seq,
      masterOrderNo: `2026112110${String(this.seq).padStart(8, "0")}`,
      id: fixtureProduct.id,
      status,
      product: {
        id: fixtureProduct.id,
        category: fixtureProduct.category,
        title: fixtureProduct.title,
        cover: fixtureProduct.cover,
        monkName: "释慧明",
        monkImId: "monk_7",
      },
      option: { id: 1, label: "七日", days: 7 },
      quantity: 1,
      ...orderPrice(8800, 1),
      beneficiaryName: "张三",
      wish: "家人平安",
      birthDate: null,
      showOnWall: false,
      payChannel: null,
      openidBound: false,
      createdAt,
      payBefore: isoOf(payBeforeOf(status, Date.parse(createdAt))),
      paidAt: null,
      serviceStartedAt: null,
      completedAt: null,
      cancelledAt: null,
      refundedAt: null,
      timeline: [entryOf(OPENING_MOVE, createdAt)],
      plannedAt: null,
      refund: null,
      refundable: isRefundable(status, overrides.refund?.status),
      ...overrides,
    };
    conform(schemas.OrderDetail, order, "a seeded order");
    this.orders.push(order);
    return order;
  }

  /** Adds a blessing to the wall. */
  seedBlessing(overrides: Partial<Blessing> = {}): Blessing {
    const id = this.blessings.length + 1;
    const blessing: Blessing = {
      id,
      productTitle: "光明灯",
      category: "lamp",
      beneficiary: "张*",
      owner: "善*林",
      wish: `愿家人平安 ${String(id)}`,
      blessedAt: new Date(Date.UTC(2026, 10, 1, 0, id)).toISOString(),
      joinCount: 0,
      joined: false,
      ...overrides,
    };
    this.blessings.push(blessing);
    return blessing;
  }

  /** What the WeChat Pay notification would do on the server. */
  markPaid(masterOrderNo: string): void {
    const order = this.find({ masterOrderNo });
    if (order === undefined) throw new Error(`no order ${masterOrderNo}`);
    const refusal = this.move(order, "paid", "wechat_pay");
    if (refusal !== null) throw new Error(refusal.message);
  }

  /** Moves `order` as the server's transitionOrder does (a move to where it is does nothing). */
  private move(
    order: OrderDetail,
    to: OrderStatus,
    actor: OrderActor,
  ): OrderRefusal | null {
    const decision = moveDecision(order.masterOrderNo, order.status, to);
    if (decision === "same") return null;
    if (decision !== "move") return decision;
    const at = new Date().toISOString();
    order.timeline.push(
      entryOf({ from: order.status, to, actor, note: "" }, at),
    );
    order.status = to;
    const stamp = STATUS_TIMESTAMP[to];
    if (stamp !== null) order[stamp] = at;
    order.payBefore = isoOf(payBeforeOf(to, Date.parse(order.createdAt)));
    order.refundable = isRefundable(to, order.refund?.status);
    return null;
  }

  /** The order a masterId and/or masterOrderNo name (both must match when both are given). */
  private find(ref: {
    masterId?: unknown;
    masterOrderNo?: unknown;
  }): OrderDetail | undefined {
    if (ref.masterId === undefined && ref.masterOrderNo === undefined)
      return undefined;
    return this.orders.find(
      (order) =>
        (ref.masterId === undefined || order.masterId === ref.masterId) &&
        (ref.masterOrderNo === undefined ||
          order.masterOrderNo === ref.masterOrderNo),
    );
  }

  private create(body: Record<string, unknown>): Answer {
    const product = this.products.find((p) => p.id === body.productId);
    if (product === undefined)
      return refuse("PRODUCT_NOT_FOUND", "product not found");
    const option = product.options.find((o) => o.id === body.optionId);
    if (option === undefined)
      return refuse("PRODUCT_OPTION_UNKNOWN", "body/optionId is invalid", {
        field: "optionId",
      });
    // NOTE: the server's text checks (server/domain/orders/fieldRules.ts) refuse control
    // characters, which the form never sends; a wish with 禁 stands in for one.
    if (typeof body.wish === "string" && body.wish.includes("禁"))
      return refuse(
        "TEXT_CONTROL_CHARACTERS",
        "body/wish contains control characters",
        { field: "wish" },
      );
    const text = (field: string): string | null => {
      const value = body[field];
      return typeof value === "string" && value.trim() !== ""
        ? value.trim()
        : null;
    };
    const refusal = askedFieldsRefusal(
      {
        beneficiaryName: product.asks.beneficiary,
        wish: product.asks.wish,
        birthDate: product.asks.birthDate,
      },
      {
        beneficiaryName: text("beneficiaryName") !== null,
        wish: text("wish") !== null,
        birthDate: text("birthDate") !== null,
      },
    );
    if (refusal !== null) return refused(refusal);
    const quantity = Number(body.quantity);
    const order = this.seed({
      id: product.id,
      option: { id: option.id, label: option.label, days: option.days },
      quantity,
      ...orderPrice(option.priceFen, quantity),
      beneficiaryName: text("beneficiaryName"),
      wish: text("wish"),
      birthDate: text("birthDate"),
      showOnWall: body.showOnWall === true,
      createdAt: new Date().toISOString(),
    });
    return ok(order);
  }

  private list(query: {
    status?: OrderStatus;
    page: number;
    pageSize: number;
  }): Answer {
    const { status, page, pageSize } = query;
    const all = this.orders
      .filter((o) => status === undefined || o.status === status)
      .toSorted(newestFirst)
      .map((o) => Value.Clean(schemas.Order, structuredClone(o)) as Order);
    const list = all.slice((page - 1) * pageSize, page * pageSize);
    return ok({ list, total: all.length, page, pageSize });
  }

  private requestRefund(order: OrderDetail, reason: unknown): Answer {
    const refusal = refundRequestRefusal(
      order.masterOrderNo,
      order.status,
      order.refund?.status,
    );
    if (refusal !== null) return refused(refusal);
    order.refund = {
      status: "requested",
      reason: String(reason).trim(),
      reviewReason: null,
      amountFen: order.totalFen,
      requestedAt: new Date().toISOString(),
      reviewedAt: null,
      refundedAt: null,
    };
    order.refundable = isRefundable(order.status, order.refund.status);
    return ok(order);
  }

  /**
   * Answers a call it knows (undefined: not commerce), checked against CONTRACT: the request
   * first and the answer after; a drift is thrown and kept for the end of the test.
   */
  answer(request: FakeRequest): Answer | undefined {
    const { path, method, body } = request;
    return this.contract.serve(request, (query) => {
      const found =
        this.failing.get(path) ??
        this.route(
          path,
          method,
          query,
          (body ?? {}) as Record<string, unknown>,
        );
      if (found !== undefined)
        this.calls.push({
          path,
          method,
          body,
          query: request.url.searchParams,
        });
      return found;
    });
  }

  private route(
    path: string,
    method: string,
    query: Record<string, unknown>,
    fields: Record<string, unknown>,
  ): Answer | undefined {
    const order = this.find(method === "GET" ? query : fields);
    const missing = refuse("ORDER_NOT_FOUND", "order not found");
    switch (path) {
      case "order/v1/create":
        return this.create(fields);
      case "order/v1/detail":
        return order ? ok(order) : missing;
      case "order/v1/mine":
        return this.list(query as Parameters<FakeCommerce["list"]>[0]);
      case "order/v1/cancel": {
        if (order === undefined) return missing;
        const refusal = this.move(order, "cancelled", "user");
        return refusal === null ? ok(order) : refused(refusal);
      }
      case "order/v1/refund/request":
        return order ? this.requestRefund(order, fields.reason) : missing;
      case "pay/v1/native":
      case "pay/v1/h5": {
        if (order === undefined) return missing;
        const native = path === "pay/v1/native";
        order.payChannel = native ? "native" : "h5";
        const prepay = `prepay_id=wx${order.masterOrderNo}`;
        return ok({
          masterId: order.masterId,
          masterOrderNo: order.masterOrderNo,
          totalFen: order.totalFen,
          payBefore: order.payBefore,
          emulator: true,
          ...(native
            ? { codeUrl: `http://localhost:3000/dev/pay/cashier?${prepay}` }
            : {
                h5Url: `http://localhost:3000/dev/pay/h5?${prepay}&package=1037687096`,
              }),
        });
      }
      case "pay/v1/status": {
        if (order === undefined) return missing;
        return ok({
          masterId: order.masterId,
          masterOrderNo: order.masterOrderNo,
          status: order.status,
          paid: PAID_STATUSES.includes(order.status),
          paidAt: order.paidAt,
        });
      }
      case "user/getUserInfoWithInviteCodes":
        return ok(this.invite);
      case "user/bindParentInviteCode": {
        const code = fields.parentInviteCode;
        if (code === this.invite.inviteCode)
          return refuse(
            "INVITE_CODE_OWN",
            "body/parentInviteCode is your own invite code",
          );
        if (this.invite.parent !== null)
          return refuse("INVITE_ALREADY_BOUND", "an inviter is already bound");
        if (code !== "FY0007")
          return refuse(
            "INVITE_CODE_UNKNOWN",
            `no account has the invite code ${String(code)}`,
            { code: String(code) },
          );
        this.invite = {
          ...this.invite,
          parentInviteCode: code,
          parent: { nickname: "慧明", avatarUrl: "/a.svg", inviteCode: code },
        };
        return ok(this.invite);
      }
      case "invite/v1/records":
        return ok(this.inviteRecords);
      case "manager/v1/info":
        return ok(this.manager);
      case "manager/v1/apply": {
        if (this.manager.status === "pending")
          return refuse(
            "MANAGER_APPLICATION_PENDING",
            "an application is already pending",
          );
        if (fields.region === "火星")
          return refuse("INVALID_FIELD", "body/region is not a known region", {
            field: "region",
          });
        this.manager = {
          ...this.manager,
          status: "pending",
          applicationId: 1,
          name: fields.name as string,
          region: fields.region as string,
          appliedAt: new Date().toISOString(),
        };
        return ok(this.manager);
      }
      case "fate/v1/mine":
        return ok(this.fate);
      case "fate/v1/signup": {
        if (this.fate !== null && this.fate.status !== "pending")
          return refuse(
            "FATE_SIGNUP_ARRANGED",
            "your sign-up is already matched",
          );
        if (typeof fields.name === "string" && fields.name.includes("\u202e"))
          return refuse(
            "TEXT_CONTROL_CHARACTERS",
            "body/name contains control characters",
            { field: "name" },
          );
        const at = new Date().toISOString();
        this.fate = {
          id: this.fate?.id ?? 1,
          name: fields.name as string,
          gender: fields.gender as FateSignup["gender"],
          birthDate: fields.birthDate as string,
          birthHour: (fields.birthHour as number | null | undefined) ?? null,
          wish: fields.wish as string,
          status: "pending",
          createdAt: this.fate?.createdAt ?? at,
          updatedAt: at,
        };
        return ok({ ...this.fate, notified: true });
      }
      case "oapi/v1/blessings": {
        const { page, pageSize } = query as { page: number; pageSize: number };
        const all = this.blessings
          .map((b) => ({ ...b, joined: this.joins.has(b.id) }))
          .toSorted((a, b) => b.blessedAt.localeCompare(a.blessedAt));
        const list = all.slice((page - 1) * pageSize, page * pageSize);
        return ok({ list, total: all.length, page, pageSize });
      }
      case "blessing/v1/join": {
        const blessing = this.blessings.find((b) => b.id === fields.id);
        if (blessing === undefined)
          return refuse("BLESSING_NOT_FOUND", "blessing not found");
        if (!this.joins.has(blessing.id)) {
          this.joins.add(blessing.id);
          blessing.joinCount += 1;
        }
        return ok({
          id: blessing.id,
          joinCount: blessing.joinCount,
          joined: true,
        });
      }
      case "pay/v1/oauthState": {
        if (order === undefined) return missing;
        const redirectUrl = `http://localhost:3000/callback?type=2&source=order&masterId=${String(order.masterId)}&masterOrderNo=${order.masterOrderNo}&id=${String(order.id)}`;
        return ok({
          state: "good-state",
          appId: "wx_mp_app",
          redirectUrl,
          authorizeUrl: `http://localhost:3000/dev/wechat/authorize?redirect_uri=${encodeURIComponent(redirectUrl)}&state=good-state#wechat_redirect`,
        });
      }
      case "pay/v1/jsapi": {
        if (order === undefined) return missing;
        if (!order.openidBound)
          return refuse("PAYER_OPENID_MISSING", "openid not bound");
        order.payChannel = "jsapi";
        return ok({
          masterId: order.masterId,
          masterOrderNo: order.masterOrderNo,
          totalFen: order.totalFen,
          payBefore: order.payBefore,
          emulator: true,
          appId: "wx_mp_app",
          timeStamp: "1763722800",
          nonceStr: "n1",
          packageVal: "prepay_id=wx1",
          signType: "RSA",
          paySign: "sig",
          config: {
            appId: "wx_mp_app",
            timestamp: 1763722800,
            nonceStr: "n2",
            signature: "s",
          },
          cashierUrl: `http://localhost:3000/dev/pay/cashier?prepay_id=wx1`,
        });
      }
      case "pay/v1/bindOpenid": {
        if (order === undefined) return missing;
        if (fields.state !== "good-state")
          return refuse("WECHAT_AUTH_EXPIRED", "state mismatch");
        order.openidBound = true;
        return ok({
          masterId: order.masterId,
          masterOrderNo: order.masterOrderNo,
          openidBound: true,
        });
      }
      default: {
        const match = /^oapi\/v1\/blessings\/(\d+)$/.exec(path);
        if (match === null) return undefined;
        const blessing = this.blessings.find((b) => b.id === Number(match[1]));
        return blessing
          ? ok({ ...blessing, joined: this.joins.has(blessing.id) })
          : refuse("BLESSING_NOT_FOUND", "blessing not found");
      }
    }
  }
}

/** Puts a FakeCommerce in front of the fetch stub installFakeApi installed. */
export function installFakeCommerce(): FakeCommerce {
  const commerce = new FakeCommerce();
  // NOTE: the page catches a failed fetch, so a drift is also reported when the test ends.
  commerce.contract.failTestOnDrift();
  layerFetch((request) => commerce.answer(request));
  return commerce;
}

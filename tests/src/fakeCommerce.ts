// An in-memory commerce server (orders and payment) layered over installFakeApi's fetch stub:
// the order rules the client relies on (asked fields required, others refused, newest first,
// owner-only detail, cancel refused once paid, a refund asked only while `refundable`) and a pay
// status the test flips. Test support.
import type { ApiErrorParams, ApiErrorReason } from "../../contract/apiErrors";
import { type Answer, ok, refuse } from "./fakeAnswers";
import type { Order, OrderDetail, OrderStatus } from "../../src/api/commerce";
import type { Blessing } from "../../src/api/blessings";
import type { FateSignup } from "../../src/api/fate";
import type { ManagerInfo } from "../../src/api/manager";
import type { InviteInfo, InviteRecords } from "../../src/api/invites";
import type { Product } from "../../src/api/types";
import { product as fixtureProduct } from "./fakeApi";

export interface CommerceCall {
  path: string;
  method: string;
  body: unknown;
  query: URLSearchParams;
}

export class FakeCommerce {
  orders: OrderDetail[] = [];
  calls: CommerceCall[] = [];
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

  /** Adds an order as the server would have stored it. */
  seed(overrides: Partial<OrderDetail> = {}): OrderDetail {
    this.seq += 1;
    const created = new Date(Date.now() - (100 - this.seq) * 1000);
    const order: OrderDetail = {
      masterId: this.seq,
      masterOrderNo: `2026112110${String(this.seq).padStart(8, "0")}`,
      id: fixtureProduct.id,
      status: "pending_payment",
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
      unitPriceFen: 8800,
      totalFen: 8800,
      beneficiaryName: "张三",
      wish: "家人平安",
      birthDate: null,
      showOnWall: false,
      payChannel: null,
      openidBound: false,
      createdAt: created.toISOString(),
      payBefore: new Date(created.getTime() + 30 * 60_000).toISOString(),
      paidAt: null,
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
          note: "order created",
          photos: [],
          plannedAt: null,
        },
      ],
      plannedAt: null,
      refund: null,
      refundable: false,
      ...overrides,
    };
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
    this.transition(masterOrderNo, "paid", "wechat_pay");
  }

  private transition(
    masterOrderNo: string,
    status: OrderStatus,
    actor: OrderDetail["timeline"][number]["actor"],
  ): OrderDetail {
    const order = this.find(masterOrderNo);
    if (order === undefined) throw new Error(`no order ${masterOrderNo}`);
    const at = new Date().toISOString();
    order.timeline.push({
      status,
      from: order.status,
      at,
      actor,
      note: "",
      photos: [],
      plannedAt: null,
    });
    order.status = status;
    order.payBefore = null;
    if (status === "paid") order.paidAt = at;
    if (status === "cancelled") order.cancelledAt = at;
    return order;
  }

  private find(no: string | null | undefined): OrderDetail | undefined {
    return this.orders.find((order) => order.masterOrderNo === no);
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
    const asked = [
      ["beneficiaryName", product.asks.beneficiary],
      ["wish", product.asks.wish],
      ["birthDate", product.asks.birthDate],
    ] as const;
    for (const [field, ask] of asked) {
      const value = body[field];
      const present = typeof value === "string" && value.trim() !== "";
      if (ask && !present)
        return refuse(
          "FIELD_REQUIRED",
          `body/${field} is required for this product`,
          { field },
        );
      if (!ask && present)
        return refuse(
          "ORDER_FIELD_NOT_ASKED",
          `body/${field} is not asked for this product`,
          { field },
        );
    }
    if (typeof body.wish === "string" && body.wish.includes("禁"))
      return refuse(
        "TEXT_CONTROL_CHARACTERS",
        "body/wish contains control characters",
        { field: "wish" },
      );
    const quantity = Number(body.quantity);
    const order = this.seed({
      id: product.id,
      option: { id: option.id, label: option.label, days: option.days },
      quantity,
      unitPriceFen: option.priceFen,
      totalFen: option.priceFen * quantity,
      beneficiaryName: (body.beneficiaryName as string | undefined) ?? null,
      wish: (body.wish as string | undefined) ?? null,
      birthDate: (body.birthDate as string | undefined) ?? null,
      showOnWall: body.showOnWall === true,
      createdAt: new Date().toISOString(),
      payBefore: new Date(Date.now() + 30 * 60_000).toISOString(),
    });
    return ok(order);
  }

  answer(url: URL, method: string, body: unknown): Answer | undefined {
    const path = url.pathname.replace(/^\/api\/app\//, "");
    const fields = (body ?? {}) as Record<string, unknown>;
    const call = { path, method, body, query: url.searchParams };
    const failure = this.failing.get(path);
    if (failure !== undefined) {
      this.calls.push(call);
      return failure;
    }
    const no =
      method === "GET"
        ? url.searchParams.get("masterOrderNo")
        : (fields.masterOrderNo as string | undefined);
    switch (path) {
      case "order/v1/create":
        this.calls.push(call);
        return this.create(fields);
      case "order/v1/detail": {
        this.calls.push(call);
        const order = this.find(no);
        return order ? ok(order) : refuse("ORDER_NOT_FOUND", "order not found");
      }
      case "order/v1/mine": {
        this.calls.push(call);
        const status = url.searchParams.get("status");
        const page = Number(url.searchParams.get("page") ?? 1);
        const pageSize = Number(url.searchParams.get("pageSize") ?? 10);
        const all = this.orders
          .filter((o) => status === null || o.status === status)
          .toSorted((a, b) => b.createdAt.localeCompare(a.createdAt));
        const list: Order[] = all.slice((page - 1) * pageSize, page * pageSize);
        return ok({ list, total: all.length, page, pageSize });
      }
      case "order/v1/cancel": {
        this.calls.push(call);
        const order = this.find(no);
        if (order === undefined)
          return refuse("ORDER_NOT_FOUND", "order not found");
        if (order.status === "paid")
          return refuse("ORDER_JUST_PAID", "order is paid");
        if (order.status === "cancelled") return ok(order);
        return ok(this.transition(order.masterOrderNo, "cancelled", "user"));
      }
      case "order/v1/refund/request": {
        this.calls.push(call);
        const order = this.orders.find((o) => o.masterId === fields.masterId);
        if (order === undefined)
          return refuse("ORDER_NOT_FOUND", "order not found");
        const open = order.refund?.status;
        if (open === "requested" || open === "processing")
          return refuse("REFUND_OPEN", "a refund is under way", {
            status: open,
          });
        if (!order.refundable)
          return refuse("REFUND_NOT_ALLOWED", "order cannot be refunded", {
            status: order.status,
          });
        order.refund = {
          status: "requested",
          reason: String(fields.reason),
          reviewReason: null,
          amountFen: order.totalFen,
          requestedAt: new Date().toISOString(),
          reviewedAt: null,
          refundedAt: null,
        };
        order.refundable = false;
        return ok(order);
      }
      case "pay/v1/native":
      case "pay/v1/h5": {
        this.calls.push(call);
        const order = this.find(no);
        if (order === undefined)
          return refuse("ORDER_NOT_FOUND", "order not found");
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
        this.calls.push(call);
        const order = this.find(no);
        if (order === undefined)
          return refuse("ORDER_NOT_FOUND", "order not found");
        return ok({
          masterId: order.masterId,
          masterOrderNo: order.masterOrderNo,
          status: order.status,
          paid: order.paidAt !== null,
          paidAt: order.paidAt,
        });
      }
      case "user/getUserInfoWithInviteCodes":
        this.calls.push(call);
        return ok(this.invite);
      case "user/bindParentInviteCode": {
        this.calls.push(call);
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
        this.calls.push(call);
        return ok(this.inviteRecords);
      case "manager/v1/info":
        this.calls.push(call);
        return ok(this.manager);
      case "manager/v1/apply": {
        this.calls.push(call);
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
        this.calls.push(call);
        return ok(this.fate);
      case "fate/v1/signup": {
        this.calls.push(call);
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
        this.calls.push(call);
        const page = Number(url.searchParams.get("page") ?? 1);
        const pageSize = Number(url.searchParams.get("pageSize") ?? 10);
        const all = this.blessings
          .map((b) => ({ ...b, joined: this.joins.has(b.id) }))
          .toSorted((a, b) => b.blessedAt.localeCompare(a.blessedAt));
        const list = all.slice((page - 1) * pageSize, page * pageSize);
        return ok({ list, total: all.length, page, pageSize });
      }
      case "blessing/v1/join": {
        this.calls.push(call);
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
        this.calls.push(call);
        const order = this.find(no);
        if (order === undefined)
          return refuse("ORDER_NOT_FOUND", "order not found");
        const redirectUrl = `http://localhost:3000/callback?type=2&source=order&masterId=${String(order.masterId)}&masterOrderNo=${order.masterOrderNo}&id=${String(order.id)}`;
        return ok({
          state: "good-state",
          appId: "wx_mp_app",
          redirectUrl,
          authorizeUrl: `http://localhost:3000/dev/wechat/authorize?redirect_uri=${encodeURIComponent(redirectUrl)}&state=good-state#wechat_redirect`,
        });
      }
      case "pay/v1/jsapi": {
        this.calls.push(call);
        const order = this.find(no);
        if (order === undefined)
          return refuse("ORDER_NOT_FOUND", "order not found");
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
        this.calls.push(call);
        const order = this.orders.find((o) => o.masterId === fields.masterId);
        if (order === undefined)
          return refuse("ORDER_NOT_FOUND", "order not found");
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
        this.calls.push(call);
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
  const base = globalThis.fetch;
  vi.stubGlobal(
    "fetch",
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, window.location.origin);
      const body: unknown =
        typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      const found = commerce.answer(url, init?.method ?? "GET", body);
      if (found === undefined) return base(input, init);
      return Promise.resolve(
        Response.json(found.body, { status: found.status }),
      );
    }),
  );
  return commerce;
}

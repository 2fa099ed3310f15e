// An in-memory admin API layered over installFakeApi's fetch stub: manager applications, users
// with roles, the audit log, products with their options, with the rules the pages rely on (a
// decision once, a reason to reject, never one's own admin role, never ban an admin, a slug once,
// a cover to create, never remove an ordered option), and the picture uploads. Every call is
// checked against the contract's schemas (#contract/schemas): a drift fails the test. Test support.
import * as schemas from "#contract/schemas";
import type {
  ApiErrorParams,
  ApiErrorReason,
} from "../../../../contract/apiErrors";
import type { AdminRole } from "../../../../contract/admin";
import type {
  AdminProduct,
  AdminUser,
  Application,
  AuditEntry,
  MonkChoice,
  ProductSaveBody,
} from "../../../../src/temple/admin/adminApi";
import { type Answer, ok, refuse } from "../fakeAnswers";
import {
  ContractCheck,
  FILE_CONTRACT,
  fileRouteOf,
  NoData,
  type RouteContract,
} from "../contractCheck";
import { type FakeRequest, layerFetch } from "../layerFetch";

export interface AdminCall {
  path: string;
  method: string;
  body: any;
  query: URLSearchParams;
}

/** What the server validates each path with (#contract/schemas): request parts and the answer. */
const CONTRACT: Record<string, RouteContract> = {
  "admin/v1/managerApplications": {
    query: schemas.ApplicationsQuery,
    answer: schemas.PageOf(schemas.Application),
  },
  "admin/v1/managerApplications/approve": {
    body: schemas.ApproveBody,
    answer: NoData,
  },
  "admin/v1/managerApplications/reject": {
    body: schemas.RejectBody,
    answer: NoData,
  },
  "admin/v1/users": {
    query: schemas.UsersQuery,
    answer: schemas.PageOf(schemas.AdminUser),
  },
  "admin/v1/users/role": { body: schemas.RoleBody, answer: schemas.AdminUser },
  "admin/v1/users/ban": { body: schemas.BanBody, answer: schemas.AdminUser },
  "admin/v1/products": { answer: schemas.AdminProductList },
  "admin/v1/products/save": {
    body: schemas.ProductSaveBody,
    answer: schemas.AdminProduct,
  },
  "admin/v1/products/visibility": {
    body: schemas.ProductVisibilityBody,
    answer: schemas.AdminProduct,
  },
  "admin/v1/audit": {
    query: schemas.AuditQuery,
    answer: schemas.PageOf(schemas.AuditEntry),
  },
  ...FILE_CONTRACT,
};

/** A page of `list` as the query (read as the server does, with its defaults) asks. */
const page = (list: readonly unknown[], query: Record<string, unknown>) => {
  const number = query.page as number;
  const size = query.pageSize as number;
  return ok({
    list: list.slice((number - 1) * size, number * size),
    total: list.length,
    page: number,
    pageSize: size,
  });
};

export class FakeAdmin {
  /** The signed-in admin's id (makeUser's). */
  meId = 42;
  applications: Application[] = [];
  users: AdminUser[] = [];
  audit: AuditEntry[] = [];
  calls: AdminCall[] = [];
  /** Its calls checked against CONTRACT; the test fails on any drift. */
  readonly contract = new ContractCheck(CONTRACT, fileRouteOf);
  products: AdminProduct[] = [];
  monks: MonkChoice[] = [
    { id: 3, name: { cn: "释慧明", tw: "釋慧明", en: "Master Huiming" } },
  ];
  uploads = 0;
  forbidden = false;
  refuseNext: ApiErrorReason | undefined;
  /** The params of the next refusal (refuseNext), e.g. `{ field: "title/en" }`. */
  refuseParams: ApiErrorParams | undefined;

  callsTo(path: string): AdminCall[] {
    return this.calls.filter((call) => call.path === path);
  }

  application(overrides: Partial<Application> = {}): Application {
    const id = this.applications.length + 1;
    const row: Application = {
      id,
      status: "pending",
      applicant: {
        userId: 100 + id,
        imId: `u_${String(100 + id)}`,
        nickname: `申请人${String(id)}`,
      },
      name: `陈静${String(id)}`,
      phone: "139****5678",
      region: "浙江杭州",
      reason: "我在社区组织祈福活动",
      createdAt: "2026-11-20T02:00:00.000Z",
      decidedAt: null,
      rejectReason: null,
      ...overrides,
    };
    this.applications.push(row);
    return row;
  }

  user(overrides: Partial<AdminUser> = {}): AdminUser {
    const id = 200 + this.users.length;
    const row: AdminUser = {
      userId: id,
      imId: `u_${String(id)}`,
      nickname: `用户${String(id)}`,
      avatarUrl: "",
      phone: "137****0001",
      roles: [],
      banned: false,
      createdAt: "2026-11-01T02:00:00.000Z",
      ...overrides,
    };
    this.users.push(row);
    return row;
  }

  product(overrides: Partial<AdminProduct> = {}): AdminProduct {
    const id = 1 + Math.max(0, ...this.products.map((p) => p.id));
    const text = (cn: string) => ({ cn, tw: `${cn}（繁）`, en: `${cn} (en)` });
    const row: AdminProduct = {
      id,
      slug: `product-${String(id)}`,
      category: "lamp",
      title: text(`商品${String(id)}`),
      summary: text("简介"),
      description: { cn: ["介绍"], tw: ["介紹"], en: ["About"] },
      cover: "/images/products/lamp.svg",
      monkId: null,
      askBeneficiary: true,
      askWish: true,
      askBirthDate: false,
      sortOrder: id * 10,
      active: true,
      options: [
        {
          id: id * 100 + 1,
          label: text("一月"),
          days: 30,
          priceFen: 6800,
          orderCount: 0,
        },
      ],
      orderCount: 0,
      ...overrides,
    };
    this.products.push(row);
    return row;
  }

  private saveProduct(body: ProductSaveBody): Answer {
    const existing = this.products.find((p) => p.id === body.id);
    if (body.id !== undefined && existing === undefined)
      return refuse("PRODUCT_NOT_FOUND", "none");
    if (existing === undefined) {
      if (this.products.some((p) => p.slug === body.slug))
        return refuse("PRODUCT_SLUG_TAKEN", "slug", { field: "slug" });
      if (body.coverFileId === undefined)
        return refuse("FIELD_REQUIRED", "cover", { field: "coverFileId" });
    }
    const kept = new Set(body.options.map((o) => o.id));
    if (existing?.options.some((o) => o.orderCount > 0 && !kept.has(o.id)))
      return refuse("PRODUCT_OPTION_ORDERED", "ordered");
    const row = existing ?? this.product({ slug: body.slug ?? "" });
    let nextOption = Math.max(0, ...row.options.map((o) => o.id));
    Object.assign(row, {
      category: body.category,
      title: body.title,
      summary: body.summary,
      description: body.description,
      monkId: body.monkId,
      askBeneficiary: body.askBeneficiary,
      askWish: body.askWish,
      askBirthDate: body.askBirthDate,
      sortOrder: body.sortOrder,
      ...(body.coverFileId === undefined
        ? {}
        : { cover: `/media/${body.coverFileId}` }),
      options: body.options.map((o) => ({
        ...o,
        id: o.id ?? (nextOption += 1),
        orderCount: row.options.find((old) => old.id === o.id)?.orderCount ?? 0,
      })),
    });
    return ok(row);
  }

  private files(path: string, method: string): Answer | undefined {
    if (path === "file/v1/upload" && method === "POST") {
      this.uploads += 1;
      const name = `${"c".repeat(31)}${String(this.uploads)}.png`;
      return ok({ name, url: `/media/${name}`, width: 640, height: 480 });
    }
    return method === "DELETE" ? ok(null) : undefined;
  }

  /** Answers an admin or file call, checked against CONTRACT (undefined: not one). */
  answer(request: FakeRequest): Answer | undefined {
    const { path } = request;
    if (!path.startsWith("admin/v1/") && !path.startsWith("file/v1/"))
      return undefined;
    return this.contract.serve(request, (query) => this.route(request, query));
  }

  private route(
    request: FakeRequest,
    q: Record<string, unknown>,
  ): Answer | undefined {
    const { url, path, method } = request;
    const body = request.body as any;
    const files = path.startsWith("file/v1/");
    this.calls.push({ path, method, body, query: url.searchParams });
    if (files) return this.files(path, method);
    if (this.forbidden) return refuse("FORBIDDEN", "only an admin may do this");
    if (this.refuseNext !== undefined && method === "POST") {
      const [reason, params] = [this.refuseNext, this.refuseParams];
      this.refuseNext = undefined;
      this.refuseParams = undefined;
      return refuse(reason, "refused (developer text)", params);
    }
    switch (path) {
      case "admin/v1/managerApplications":
        return page(
          this.applications.filter((a) => a.status === q.status),
          q,
        );
      case "admin/v1/managerApplications/approve":
      case "admin/v1/managerApplications/reject": {
        const row = this.applications.find((a) => a.id === body.id);
        if (row === undefined)
          return refuse("MANAGER_APPLICATION_NOT_FOUND", "not found");
        if (row.status !== "pending")
          return refuse("MANAGER_APPLICATION_DECIDED", "decided");
        const approve = path.endsWith("approve");
        row.status = approve ? "approved" : "rejected";
        row.decidedAt = "2026-11-21T02:00:00.000Z";
        row.rejectReason = approve ? null : String(body.reason).trim();
        return ok(null);
      }
      case "admin/v1/users": {
        const text = String(q.q);
        return page(
          this.users.filter(
            (u) => u.imId.startsWith(text) || u.nickname.includes(text),
          ),
          q,
        );
      }
      case "admin/v1/users/role": {
        const row = this.users.find((u) => u.imId === body.imId);
        if (row === undefined) return refuse("ACCOUNT_NOT_FOUND", "none");
        if (row.userId === this.meId && body.role === "admin" && !body.on)
          return refuse("ADMIN_OWN_ROLE", "own");
        const role = body.role as AdminRole;
        row.roles = body.on
          ? [...new Set([...row.roles, role])]
          : row.roles.filter((r) => r !== role);
        return ok(row);
      }
      case "admin/v1/users/ban": {
        const row = this.users.find((u) => u.imId === body.imId);
        if (row === undefined) return refuse("ACCOUNT_NOT_FOUND", "none");
        if (body.banned && row.roles.includes("admin"))
          return refuse("ADMIN_NOT_BANNABLE", "admin");
        row.banned = Boolean(body.banned);
        return ok(row);
      }
      case "admin/v1/products":
        return ok({
          list: this.products.toSorted(
            (a, b) => a.sortOrder - b.sortOrder || a.id - b.id,
          ),
          monks: this.monks,
        });
      case "admin/v1/products/save":
        return this.saveProduct(body);
      case "admin/v1/products/visibility": {
        const row = this.products.find((p) => p.id === body.id);
        if (row === undefined) return refuse("PRODUCT_NOT_FOUND", "none");
        row.active = Boolean(body.active);
        return ok(row);
      }
      case "admin/v1/audit": {
        const { action, actor } = q;
        return page(
          this.audit.filter(
            (e) =>
              (action === undefined || e.action === action) &&
              (actor === undefined ||
                (actor === "system"
                  ? e.actor === null
                  : e.actor?.imId === actor)),
          ),
          q,
        );
      }
      default:
        return undefined;
    }
  }
}

export function installFakeAdmin(): FakeAdmin {
  const admin = new FakeAdmin();
  admin.contract.failTestOnDrift();
  layerFetch((request) => admin.answer(request));
  return admin;
}

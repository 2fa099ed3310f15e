// An in-memory admin API layered over installFakeApi's fetch stub: manager applications, users
// with roles, the audit log, with the rules the pages rely on (a decision once, a reason to
// reject, never one's own admin role, never ban an admin). Test support.
import type { ApiErrorReason } from "../../../../contract/apiErrors";
import type { AdminRole } from "../../../../contract/admin";
import type {
  AdminUser,
  Application,
  AuditEntry,
} from "../../../../src/temple/admin/adminApi";
import { type Answer, ok, refuse } from "../../fakeAnswers";

export interface AdminCall {
  path: string;
  method: string;
  body: any;
  query: URLSearchParams;
}

const page = (list: readonly unknown[], query: URLSearchParams) => {
  const number = Number(query.get("page") ?? 1);
  const size = Number(query.get("pageSize") ?? 20);
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
  forbidden = false;
  refuseNext: ApiErrorReason | undefined;

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

  answer(url: URL, method: string, body: any): Answer | undefined {
    const path = url.pathname.replace(/^\/api\/app\//, "");
    if (!path.startsWith("admin/v1/")) return undefined;
    this.calls.push({ path, method, body, query: url.searchParams });
    if (this.forbidden) return refuse("FORBIDDEN", "only an admin may do this");
    if (this.refuseNext !== undefined && method === "POST") {
      const reason = this.refuseNext;
      this.refuseNext = undefined;
      return refuse(reason, "refused (developer text)");
    }
    const q = url.searchParams;
    switch (path) {
      case "admin/v1/managerApplications":
        return page(
          this.applications.filter(
            (a) => a.status === (q.get("status") ?? "pending"),
          ),
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
        const text = q.get("q") ?? "";
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
      case "admin/v1/audit": {
        const action = q.get("action");
        const actor = q.get("actor");
        return page(
          this.audit.filter(
            (e) =>
              (action === null || e.action === action) &&
              (actor === null ||
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
  const base = globalThis.fetch;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, window.location.origin);
      const body: unknown =
        typeof init?.body === "string" ? JSON.parse(init.body) : init?.body;
      const found = admin.answer(url, init?.method ?? "GET", body);
      if (found === undefined) return base(input, init);
      await Promise.resolve();
      return Response.json(found.body, { status: found.status });
    }),
  );
  return admin;
}

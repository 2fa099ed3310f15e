// /admin (#22): who may open it (admins; others see "no access", and only admins see its entry on
// /my), manager applications (approve behind a confirm step, reject only with a reason), users'
// roles (a confirm step per change, one's own admin role locked, refusals translated), and the
// audit viewer (rows, filters, empty states).
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { installFakeApi, type FakeApi } from "../../../support/ui/fakeApi";
import { resetApp } from "../../../support/ui/renderApp";
import { installFakeAdmin, type FakeAdmin } from "../../../support/ui/temple/fakeAdmin";
import { openAdminAs } from "./openAdmin";

let api: FakeApi;
let admin: FakeAdmin;

beforeEach(() => {
  api = installFakeApi();
  admin = installFakeAdmin();
});
afterEach(() => {
  resetApp();
});

const openAs = (
  role: "user" | "service" | "admin",
  path: string,
  heading?: string,
) => openAdminAs(api, role, path, heading);

describe("who may open the admin pages", () => {
  it.each(["user", "service"] as const)(
    "a %s sees no access and no admin call is made",
    async (role) => {
      await openAs(role, "/admin/applications", "无权访问");
      expect(screen.queryByRole("navigation", { name: "管理功能" })).toBeNull();
      expect(admin.calls).toHaveLength(0);
    },
  );

  it("an admin the server refuses (403) sees no access, in English too", async () => {
    admin.forbidden = true;
    await openAs("admin", "/en/admin/applications", "No access");
    expect(admin.callsTo("admin/v1/managerApplications")).toHaveLength(1);
  });

  it("/admin opens the applications; the sections are links", async () => {
    const { router } = await openAs("admin", "/admin");
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/admin/applications");
    });
    const nav = screen.getByRole("navigation", { name: "管理功能" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["经理申请", "用户与身份", "商品", "操作日志", "订单"]);
    // Orders are handled on the order desk, which admins use too.
    expect(
      within(nav).getByRole("link", { name: "订单" }).getAttribute("href"),
    ).toBe("/staff/orders");
    await waitFor(() => {
      expect(
        within(nav)
          .getByRole("link", { name: "经理申请" })
          .getAttribute("aria-current"),
      ).toBe("page");
    });
  });

  it(
    "/my shows the admin entry to admins only",
    { timeout: 40_000 },
    async () => {
      await openAs("admin", "/my", "我的");
      expect(
        screen.getByRole("link", { name: "管理后台" }).getAttribute("href"),
      ).toBe("/admin");
      resetApp();
      api = installFakeApi();
      await openAs("service", "/my", "我的");
      expect(screen.queryByRole("link", { name: "管理后台" })).toBeNull();
    },
  );
});

describe("manager applications", () => {
  it("approves a pending application only after the confirm step", async () => {
    const row = admin.application();
    await openAs("admin", "/admin/applications");
    const card = await screen.findByRole("article", { name: row.name });
    expect(within(card).getByText("139****5678")).toBeDefined();
    fireEvent.click(within(card).getByRole("button", { name: "通过" }));
    expect(admin.callsTo("admin/v1/managerApplications/approve")).toHaveLength(
      0,
    );
    const confirm = within(card).getByRole("button", { name: "确认通过" });
    await waitFor(() => {
      expect(document.activeElement).toBe(confirm);
    });
    fireEvent.click(confirm);
    expect(await screen.findByText("没有待审核的申请")).toBeDefined();
    expect(
      admin.callsTo("admin/v1/managerApplications/approve")[0]?.body,
    ).toEqual({ id: row.id });
  });

  it("cancelling the confirm step sends nothing", async () => {
    const row = admin.application();
    await openAs("admin", "/admin/applications");
    const card = await screen.findByRole("article", { name: row.name });
    fireEvent.click(within(card).getByRole("button", { name: "通过" }));
    fireEvent.click(within(card).getByRole("button", { name: "取消" }));
    expect(within(card).getByRole("button", { name: "通过" })).toBeDefined();
    expect(admin.calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("rejects only with a reason, which the rejected list then shows", async () => {
    const row = admin.application();
    const { router } = await openAs("admin", "/admin/applications");
    const card = await screen.findByRole("article", { name: row.name });
    fireEvent.click(within(card).getByRole("button", { name: "拒绝" }));
    const reason = within(card).getByRole("textbox", { name: "拒绝理由" });
    await waitFor(() => {
      expect(document.activeElement).toBe(reason);
    });
    fireEvent.click(within(card).getByRole("button", { name: "确认拒绝" }));
    expect(within(card).getByText("请填写拒绝理由")).toBeDefined();
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    expect(admin.callsTo("admin/v1/managerApplications/reject")).toHaveLength(
      0,
    );
    fireEvent.change(reason, { target: { value: "请补充活动经历" } });
    fireEvent.click(within(card).getByRole("button", { name: "确认拒绝" }));
    expect(await screen.findByText("没有待审核的申请")).toBeDefined();
    expect(
      admin.callsTo("admin/v1/managerApplications/reject")[0]?.body,
    ).toEqual({ id: row.id, reason: "请补充活动经历" });
    fireEvent.click(screen.getByRole("link", { name: "已拒绝" }));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ status: "rejected" });
    });
    expect(await screen.findByText("拒绝理由：请补充活动经历")).toBeDefined();
  });

  it("says a refusal in the user's words, not the server's msg", async () => {
    const row = admin.application();
    await openAs("admin", "/admin/applications");
    const card = await screen.findByRole("article", { name: row.name });
    admin.refuseNext = "MANAGER_APPLICATION_DECIDED";
    fireEvent.click(within(card).getByRole("button", { name: "通过" }));
    fireEvent.click(within(card).getByRole("button", { name: "确认通过" }));
    const alert = await within(card).findByRole("alert");
    expect(alert.textContent).not.toContain("developer text");
    expect(alert.textContent).not.toBe("");
  });

  it("shows an empty state per status", async () => {
    await openAs("admin", "/admin/applications?status=approved");
    expect(await screen.findByText("还没有通过的申请")).toBeDefined();
  });
});

describe("users and roles", () => {
  it("finds a user and grants a role after confirming", async () => {
    const user = admin.user({ nickname: "王小明" });
    const { router } = await openAs("admin", "/admin/users");
    expect(screen.getByText("输入 IM ID、昵称或手机号查找用户")).toBeDefined();
    expect(admin.callsTo("admin/v1/users")).toHaveLength(0);
    fireEvent.change(screen.getByRole("searchbox", { name: "查找用户" }), {
      target: { value: " 王小 " },
    });
    fireEvent.click(screen.getByRole("button", { name: "查找" }));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ q: "王小" });
    });
    const card = await screen.findByRole("article", { name: "王小明" });
    expect(within(card).getByText("137****0001")).toBeDefined();
    const monk = within(card).getByRole("button", { name: "法师" });
    expect(monk.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(monk);
    expect(
      within(card).getByText("确定授予 王小明 “法师”身份吗？"),
    ).toBeDefined();
    fireEvent.click(within(card).getByRole("button", { name: "确认" }));
    await waitFor(() => {
      expect(
        within(card)
          .getByRole("button", { name: "法师" })
          .getAttribute("aria-pressed"),
      ).toBe("true");
    });
    expect(admin.callsTo("admin/v1/users/role")[0]?.body).toEqual({
      imId: user.imId,
      role: "monk",
      on: true,
    });
  });

  it("locks the caller's own admin role and hides the ban of an admin", async () => {
    admin.user({
      userId: 42,
      imId: "u_42",
      nickname: "我自己",
      roles: ["admin"],
    });
    await openAs("admin", "/admin/users?q=u_42");
    const card = await screen.findByRole("article", { name: "我自己" });
    expect(
      within(card).getByRole<HTMLButtonElement>("button", { name: "管理员" })
        .disabled,
    ).toBe(true);
    expect(within(card).queryByRole("button", { name: "封禁" })).toBeNull();
  });

  it("bans after confirming, and shows the server's refusal translated", async () => {
    admin.user({ nickname: "赵六" });
    await openAs("admin", "/admin/users?q=赵六");
    const card = await screen.findByRole("article", { name: "赵六" });
    admin.refuseNext = "ADMIN_NOT_BANNABLE";
    fireEvent.click(within(card).getByRole("button", { name: "封禁" }));
    fireEvent.click(within(card).getByRole("button", { name: "确认" }));
    expect((await within(card).findByRole("alert")).textContent).toBe(
      "不能封禁管理员，请先撤销其管理员身份",
    );
    fireEvent.click(within(card).getByRole("button", { name: "封禁" }));
    fireEvent.click(within(card).getByRole("button", { name: "确认" }));
    expect(await within(card).findByText("已封禁")).toBeDefined();
    expect(
      within(card).getByRole("button", { name: "解除封禁" }),
    ).toBeDefined();
  });

  it("says so when nobody matches", async () => {
    await openAs("admin", "/admin/users?q=nobody");
    expect(await screen.findByText("没有找到用户")).toBeDefined();
  });
});

describe("audit viewer", () => {
  it("shows who, what, which target and when, and filters by action and actor", async () => {
    admin.audit.push(
      {
        id: 2,
        at: "2026-11-21T02:00:00.000Z",
        action: "user.role",
        actor: { userId: 42, imId: "u_42", nickname: "管理甲" },
        targetType: "user",
        targetId: "7",
        targetLabel: "王小明 (u_7)",
        details: { role: "monk", on: true },
      },
      {
        id: 1,
        at: "2026-11-20T02:00:00.000Z",
        action: "refund.settle",
        actor: null,
        targetType: "order",
        targetId: "9",
        targetLabel: "202611200000000009",
        details: {},
      },
    );
    const { router } = await openAs("admin", "/admin/audit");
    const rows = await screen.findAllByRole("article");
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0]!).getByRole("heading", { name: "身份变更" }),
    ).toBeDefined();
    expect(within(rows[0]!).getByText("管理甲")).toBeDefined();
    expect(within(rows[0]!).getByText("用户 王小明 (u_7)")).toBeDefined();
    expect(within(rows[0]!).getByText("法师")).toBeDefined();
    expect(within(rows[0]!).getByText("授予")).toBeDefined();
    expect(within(rows[1]!).getByText("系统")).toBeDefined();

    fireEvent.change(screen.getByRole("combobox", { name: "操作" }), {
      target: { value: "refund.settle" },
    });
    fireEvent.change(screen.getByRole("textbox", { name: "操作人 IM ID" }), {
      target: { value: "system" },
    });
    fireEvent.click(screen.getByRole("button", { name: "筛选" }));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({
        action: "refund.settle",
        actor: "system",
      });
    });
    await waitFor(() => {
      expect(screen.getAllByRole("article")).toHaveLength(1);
    });
    const last = admin.callsTo("admin/v1/audit").at(-1)!;
    expect(last.query.get("action")).toBe("refund.settle");
    expect(last.query.get("actor")).toBe("system");
  });

  it("has empty states with and without filters", async () => {
    await openAs("admin", "/admin/audit");
    expect(await screen.findByText("还没有操作记录")).toBeDefined();
    resetApp();
    api = installFakeApi();
    admin = installFakeAdmin();
    await openAs("admin", "/admin/audit?actor=u_9");
    expect(await screen.findByText("没有符合条件的记录")).toBeDefined();
  });
});

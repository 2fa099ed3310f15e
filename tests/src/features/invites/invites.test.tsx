// Invitations: my code, share link (PUBLIC_URL/?invite=CODE) and QR code on /my; binding an
// inviter (server refusals shown on the field); landing with ?invite= (offer when signed in,
// login first otherwise); /myOrder/inviteRecord with totals and the manager's tree.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { installFakeApi, type FakeApi } from "../../../support/ui/fakeApi";
import { installFakeCommerce, type FakeCommerce } from "../../../support/ui/fakeCommerce";
import { renderApp, resetApp, signIn } from "../../../support/ui/renderApp";

let api: FakeApi;
let commerce: FakeCommerce;

beforeEach(() => {
  api = installFakeApi();
  commerce = installFakeCommerce();
});
afterEach(() => {
  resetApp();
});

/** The invite card, on its own page since /my became a menu (#23). */
async function inviteSection(): Promise<HTMLElement> {
  signIn(api);
  renderApp("/my/invite");
  const section = await screen.findByRole(
    "region",
    { name: "邀请好友" },
    { timeout: 5000 },
  );
  await within(section).findByTestId("invite-code", undefined, {
    timeout: 5000,
  });
  return section;
}

it("shows my code, its share link and QR code, and links to my invitees", async () => {
  const section = await inviteSection();
  expect(within(section).getByTestId("invite-code").textContent).toBe("FY42AB");
  expect(
    within(section).getByRole("link", {
      name: "http://localhost:3000/?invite=FY42AB",
    }),
  ).toBeDefined();
  expect(
    within(section)
      .getByRole("img", { name: "邀请二维码" })
      .getAttribute("src"),
  ).toMatch(/^data:image\/svg\+xml/);
  expect(
    within(section)
      .getByRole("link", { name: "我邀请的人" })
      .getAttribute("href"),
  ).toBe("/myOrder/inviteRecord");
});

it("binds an inviter's code, showing the server's refusals on the field", async () => {
  const section = await inviteSection();
  const field = within(section).getByLabelText("邀请人的邀请码");
  fireEvent.click(within(section).getByRole("button", { name: "绑定邀请码" }));
  expect(await within(section).findByText("请输入邀请码")).toBeDefined();
  fireEvent.change(field, { target: { value: "FY42AB" } });
  fireEvent.click(within(section).getByRole("button", { name: "绑定邀请码" }));
  const own = await within(section).findByText("不能绑定自己的邀请码");
  expect(field.getAttribute("aria-describedby")).toContain(own.id);
  fireEvent.change(field, { target: { value: "NOPE" } });
  fireEvent.click(within(section).getByRole("button", { name: "绑定邀请码" }));
  expect(
    await within(section).findByText("没有找到邀请码 NOPE，请核对后再试"),
  ).toBeDefined();
  expect(section.textContent).not.toMatch(/invite code|body\//);
  fireEvent.change(field, { target: { value: "FY0007" } });
  fireEvent.click(within(section).getByRole("button", { name: "绑定邀请码" }));
  expect(
    await within(section).findByText("邀请人：慧明（FY0007）"),
  ).toBeDefined();
  expect(within(section).queryByLabelText("邀请人的邀请码")).toBeNull();
});

it("landing with ?invite= offers a signed-in user to bind that code", async () => {
  signIn(api);
  renderApp("/?invite=FY0007");
  const offer = await screen.findByRole(
    "region",
    { name: "FY0007" },
    { timeout: 5000 },
  );
  expect(
    within(offer).getByLabelText<HTMLInputElement>("邀请人的邀请码").value,
  ).toBe("FY0007");
  fireEvent.click(within(offer).getByRole("button", { name: "绑定邀请码" }));
  expect(await screen.findByText("已接受邀请，感恩结缘。")).toBeDefined();
  expect(commerce.callsTo("user/bindParentInviteCode")[0]?.body).toEqual({
    parentInviteCode: "FY0007",
  });
});

it("landing with ?invite= signed out asks to log in first and comes back", async () => {
  renderApp("/?invite=FY0007");
  const login = await screen.findByRole(
    "link",
    { name: "登录后接受邀请" },
    { timeout: 5000 },
  );
  expect(login.getAttribute("href")).toBe(
    "/login?redirect=%2F%3Finvite%3DFY0007",
  );
});

it("no offer once an inviter is bound", async () => {
  commerce.invite = {
    ...commerce.invite,
    parent: { nickname: "慧明", avatarUrl: "/a.svg", inviteCode: "FY0007" },
  };
  signIn(api);
  renderApp("/?invite=FY0009");
  await screen.findAllByRole("link", { name: /光明灯/ }, { timeout: 5000 });
  await waitFor(() => {
    expect(commerce.callsTo("user/getUserInfoWithInviteCodes")).toHaveLength(1);
  });
  expect(screen.queryByRole("region", { name: "FY0009" })).toBeNull();
});

it("/myOrder/inviteRecord shows totals and, for a manager, the tree by depth", async () => {
  commerce.inviteRecords = {
    scope: "tree",
    list: [
      {
        nickname: "甲**",
        joinedAt: "2026-11-01T00:00:00Z",
        depth: 1,
        paidOrders: 2,
        paidFen: 17600,
      },
      {
        nickname: "B***",
        joinedAt: "2026-11-02T00:00:00Z",
        depth: 2,
        paidOrders: 0,
        paidFen: 0,
      },
    ],
    total: 2,
    page: 1,
    pageSize: 20,
    totals: { people: 2, buyers: 1, paidOrders: 2, paidFen: 17600 },
  };
  signIn(api);
  renderApp("/myOrder/inviteRecord");
  await screen.findByRole(
    "heading",
    { level: 1, name: "我邀请的人" },
    { timeout: 5000 },
  );
  const totals = screen.getAllByRole("definition").map((d) => d.textContent);
  expect(totals).toEqual(["2", "1", "2", "¥176.00"]);
  expect(screen.getAllByRole("term").map((term) => term.textContent)).toEqual([
    "人数",
    "已下单",
    "已付订单",
    "已付金额",
  ]);
  expect(screen.getAllByText("¥176.00")).toHaveLength(2);
  const rows = screen.getAllByRole("listitem");
  expect(rows).toHaveLength(2);
  expect(within(rows[0]!).getByText("甲**")).toBeDefined();
  expect(within(rows[0]!).getByText("¥176.00")).toBeDefined();
  expect(within(rows[1]!).getByText("B***")).toBeDefined();
  expect(within(rows[1]!).getByText(/第 2 层/)).toBeDefined();
  expect(within(rows[1]!).getByText("¥0.00")).toBeDefined();
  // No pictures of invitees: only their masked names.
  expect(rows[0]!.querySelector("img")).toBeNull();
  expect(rows[1]!.style.getPropertyValue("--depth")).toBe("2");
});

it("/myOrder/inviteRecord needs a signed-in user", async () => {
  const { router } = renderApp("/myOrder/inviteRecord");
  await waitFor(() => {
    expect(router.state.location.pathname).toBe("/login");
  });
});

// /admin/products (#22): the list in shop order (prices, orders, hidden ones marked), hiding behind
// a confirm step and showing without one, and the editor: a new product with its cover upload
// sends the body the server expects; an edit reprices and reorders options, never offers to
// remove an ordered one, and keeps what was typed when the server refuses a field.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { installFakeApi, type FakeApi } from "../../../support/ui/fakeApi";
import { resetApp } from "../../../support/ui/renderApp";
import { installFakeAdmin, type FakeAdmin } from "../../../support/ui/temple/fakeAdmin";
import { openAdminAs } from "./openAdmin";

let api: FakeApi;
let admin: FakeAdmin;
const savedUrl = (["createObjectURL", "revokeObjectURL"] as const).map(
  (key) => [key, Object.getOwnPropertyDescriptor(URL, key)] as const,
);

beforeEach(() => {
  api = installFakeApi();
  admin = installFakeAdmin();
  vi.stubGlobal(
    "createImageBitmap",
    vi.fn(() =>
      Promise.resolve({ width: 640, height: 480, close: () => undefined }),
    ),
  );
  Object.assign(URL, {
    createObjectURL: vi.fn(() => "blob:cover-preview"),
    revokeObjectURL: vi.fn(),
  });
});
afterEach(() => {
  resetApp();
  for (const [key, descriptor] of savedUrl)
    if (descriptor === undefined) Reflect.deleteProperty(URL, key);
    else Object.defineProperty(URL, key, descriptor);
});

const open = (path = "/admin/products") => openAdminAs(api, "admin", path);
const box = (name: string) => screen.getByRole("textbox", { name });
const type = (name: string, value: string) => {
  fireEvent.change(box(name), { target: { value } });
};
const click = (name: string, scope: HTMLElement = document.body) => {
  fireEvent.click(within(scope).getByRole("button", { name }));
};
const saves = () => admin.callsTo("admin/v1/products/save");

describe("the product list", () => {
  it("lists products in shop order with prices, orders and a hidden mark", async () => {
    admin.product({
      sortOrder: 20,
      title: { cn: "放生", tw: "放生", en: "Release" },
    });
    admin.product({
      sortOrder: 10,
      title: { cn: "光明灯", tw: "光明燈", en: "Bright lamp" },
      active: false,
      orderCount: 3,
      options: [
        {
          id: 1,
          label: { cn: "一年", tw: "一年", en: "A year" },
          days: 365,
          priceFen: 68000,
          orderCount: 3,
        },
        {
          id: 2,
          label: { cn: "一月", tw: "一月", en: "A month" },
          days: 30,
          priceFen: 6800,
          orderCount: 0,
        },
      ],
    });
    await open();
    const list = await screen.findByRole("list", { name: "商品列表" });
    const rows = within(list).getAllByRole("article");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole("heading").textContent).toBe("光明灯");
    expect(within(rows[0]!).getByText("已下架")).toBeDefined();
    expect(within(rows[0]!).getByText("¥68.00 – ¥680.00")).toBeDefined();
    expect(within(rows[0]!).getByText("3")).toBeDefined();
    expect(within(rows[0]!).getByText("供灯")).toBeDefined();
    expect(within(rows[1]!).queryByText("已下架")).toBeNull();
    expect(within(rows[1]!).getByText("¥68.00")).toBeDefined();
  });

  it("hides only after the confirm step, and shows again at once", async () => {
    const product = admin.product();
    await open();
    const row = await screen.findByRole("article", { name: "商品1" });
    click("下架", row);
    expect(admin.callsTo("admin/v1/products/visibility")).toHaveLength(0);
    click("确认下架", row);
    expect(await within(row).findByText("已下架")).toBeDefined();
    expect(admin.callsTo("admin/v1/products/visibility")[0]?.body).toEqual({
      id: product.id,
      active: false,
    });
    fireEvent.click(await within(row).findByRole("button", { name: "上架" }));
    await waitFor(() => {
      expect(within(row).queryByText("已下架")).toBeNull();
    });
    expect(admin.callsTo("admin/v1/products/visibility")[1]?.body).toEqual({
      id: product.id,
      active: true,
    });
  });
});

describe("creating a product", () => {
  it("checks the form before sending and says what is missing", async () => {
    await open("/admin/products?edit=new");
    await screen.findByRole("heading", { level: 2, name: "新建商品" });
    type("价格（元）（规格 1）", "abc");
    click("创建商品");
    expect(await screen.findByText("请选择封面图片")).toBeDefined();
    expect(screen.getByText("请输入大于 0 的金额，最多两位小数")).toBeDefined();
    await waitFor(() => {
      expect(document.activeElement).toBe(box("链接名"));
    });
    expect(box("链接名").getAttribute("aria-invalid")).toBe("true");
    expect(saves()).toHaveLength(0);
  });

  it("uploads the cover and sends every field; the list then shows the product", async () => {
    const { router } = await open();
    fireEvent.click(await screen.findByRole("link", { name: "新建商品" }));
    const heading = await screen.findByRole("heading", {
      level: 2,
      name: "新建商品",
    });
    await waitFor(() => {
      expect(document.activeElement).toBe(heading);
    });
    fireEvent.change(screen.getByRole("combobox", { name: "类别" }), {
      target: { value: "prayer" },
    });
    type("链接名", "peace-lamp");
    fireEvent.change(screen.getByRole("combobox", { name: "主法法师" }), {
      target: { value: "3" },
    });
    for (const [language, suffix] of [
      ["简体中文", ""],
      ["繁體中文", "（繁）"],
      ["English", " (en)"],
    ] as const) {
      type(`标题（${language}）`, `平安灯${suffix}`);
      type(`简介（${language}）`, `保平安${suffix}`);
      type(`详细介绍（${language}）`, `第一段${suffix}\n\n第二段${suffix}`);
      type(`名称（${language}）（规格 1）`, `一月${suffix}`);
    }
    type("价格（元）（规格 1）", "68.5");
    click("添加规格");
    await waitFor(() => {
      expect(document.activeElement).toBe(box("名称（简体中文）（规格 2）"));
    });
    for (const language of ["简体中文", "繁體中文", "English"])
      type(`名称（${language}）（规格 2）`, "一年");
    type("天数（规格 2）", "365");
    type("价格（元）（规格 2）", "¥680");
    fireEvent.click(screen.getByRole("checkbox", { name: "出生日期" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "心愿" }));
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "c.png", {
      type: "image/png",
    });
    fireEvent.change(screen.getByLabelText("选择图片"), {
      target: { files: [png] },
    });
    expect(
      screen.getByRole("img", { name: "封面预览" }).getAttribute("src"),
    ).toBe("blob:cover-preview");
    expect(await screen.findByText("已上传，保存后生效")).toBeDefined();

    click("创建商品");
    expect(await screen.findByText("商品已创建")).toBeDefined();
    expect(saves()[0]?.body).toEqual({
      slug: "peace-lamp",
      category: "prayer",
      title: { cn: "平安灯", tw: "平安灯（繁）", en: "平安灯 (en)" },
      summary: { cn: "保平安", tw: "保平安（繁）", en: "保平安 (en)" },
      description: {
        cn: ["第一段", "第二段"],
        tw: ["第一段（繁）", "第二段（繁）"],
        en: ["第一段 (en)", "第二段 (en)"],
      },
      coverFileId: `${"c".repeat(31)}1.png`,
      monkId: 3,
      askBeneficiary: true,
      askWish: false,
      askBirthDate: true,
      sortOrder: 10,
      options: [
        {
          label: { cn: "一月", tw: "一月（繁）", en: "一月 (en)" },
          days: 30,
          priceFen: 6850,
        },
        {
          label: { cn: "一年", tw: "一年", en: "一年" },
          days: 365,
          priceFen: 68000,
        },
      ],
    });
    const row = await screen.findByRole("article", { name: "平安灯" });
    expect(within(row).getByText("¥68.50 – ¥680.00")).toBeDefined();
    expect(router.state.location.search).toEqual({});
    await waitFor(() => {
      expect(document.activeElement?.getAttribute("aria-label")).toBe(
        "编辑 平安灯",
      );
    });
    expect(admin.calls.filter((c) => c.method === "DELETE")).toHaveLength(0);
  });
});

describe("editing a product", () => {
  const seed = () =>
    admin.product({
      orderCount: 3,
      options: [
        {
          id: 11,
          label: { cn: "一月", tw: "一月", en: "A month" },
          days: 30,
          priceFen: 6800,
          orderCount: 3,
        },
        {
          id: 12,
          label: { cn: "一年", tw: "一年", en: "A year" },
          days: 365,
          priceFen: 68000,
          orderCount: 0,
        },
      ],
    });

  async function openEditor() {
    const product = seed();
    await open();
    fireEvent.click(
      await screen.findByRole("link", { name: `编辑 ${product.title.cn}` }),
    );
    await screen.findByRole("heading", {
      level: 2,
      name: `编辑商品：${product.title.cn}`,
    });
    return product;
  }

  it("an ordered option shows its orders and cannot be removed; another can", async () => {
    await openEditor();
    const first = screen.getByRole("group", { name: /^规格 1/ });
    expect(within(first).getByText("3 笔订单")).toBeDefined();
    expect(within(first).getByText("已有订单，不能删除")).toBeDefined();
    expect(screen.queryByRole("button", { name: "删除规格 1" })).toBeNull();
    click("删除规格 2");
    expect(screen.queryByRole("group", { name: /^规格 2/ })).toBeNull();
    expect(document.activeElement).toBe(
      screen.getByRole("button", { name: "添加规格" }),
    );
  });

  it("reprices and reorders options, keeping their ids and the cover", async () => {
    const product = await openEditor();
    expect(box("价格（元）（规格 1）")).toHaveProperty("value", "68.00");
    type("价格（元）（规格 1）", "88");
    click("上移规格 2");
    click("保存");
    expect(await screen.findByText("商品已保存")).toBeDefined();
    const body = saves()[0]?.body;
    expect(body).toMatchObject({
      id: product.id,
      sortOrder: product.sortOrder,
    });
    expect(body).not.toHaveProperty("slug");
    expect(body).not.toHaveProperty("coverFileId");
    expect(body.options).toEqual([
      {
        id: 12,
        label: { cn: "一年", tw: "一年", en: "A year" },
        days: 365,
        priceFen: 68000,
      },
      {
        id: 11,
        label: { cn: "一月", tw: "一月", en: "A month" },
        days: 30,
        priceFen: 8800,
      },
    ]);
    expect(await screen.findByRole("list", { name: "商品列表" })).toBeDefined();
  });

  it("keeps what was typed when the server refuses a field, and marks that field", async () => {
    await openEditor();
    type("标题（English）", "A very long English title");
    admin.refuseNext = "TEXT_TOO_LONG";
    admin.refuseParams = { field: "title/en", max: 40 };
    click("保存");
    const form = screen.getByRole("form", { name: /^编辑商品/ });
    expect(
      await within(form).findByText("内容过长（title/en），最多 40 个字", {
        selector: '[role="alert"]',
      }),
    ).toBeDefined();
    const title = box("标题（English）");
    await waitFor(() => {
      expect(document.activeElement).toBe(title);
    });
    expect(title.getAttribute("aria-invalid")).toBe("true");
    expect(title).toHaveProperty("value", "A very long English title");
    expect(
      screen.getByRole("heading", { level: 2, name: /^编辑商品/ }),
    ).toBeDefined();
  });
});

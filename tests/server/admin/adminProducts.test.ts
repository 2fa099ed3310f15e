// The admin's product editor API (#22) over real HTTP on both databases: create a product with an
// uploaded cover and options (it is in the shop at once), edit texts and prices (orders already
// made keep theirs), reorder, add and remove options (never one someone ordered), hide and show;
// every refusal names its reason and writes nothing; every change is audited; others get 403.
import { count, eq } from "drizzle-orm";
import { orders, productOptions, products } from "../../../server/db/schema";
import { describeEachDatabase } from "../../support/server/testDb";
import { uploadImage } from "../../support/server/uploadImage";
import {
  type CommerceServer,
  type Customer,
  DEMO_PHONES,
  get,
  placeOrder,
  post,
  signIn,
  startCommerceServer,
} from "../orders/commerceApi";
import { auditOf, signInAdmin } from "./adminSupport";

const l = (cn: string, tw: string, en: string) => ({ cn, tw, en });

function newProduct(slug: string, coverFileId?: string) {
  return {
    slug,
    category: "lamp",
    title: l("药师灯", "藥師燈", "Medicine Buddha Lamp"),
    summary: l("祈愿身体安康。", "祈願身體安康。", "For good health."),
    description: {
      cn: ["灯火供于药师殿。", "圆满后发送回向通知。"],
      tw: ["燈火供於藥師殿。", "圓滿後發送迴向通知。"],
      en: ["The lamp burns in the Medicine Buddha hall.", "You get a notice."],
    },
    ...(coverFileId === undefined ? {} : { coverFileId }),
    monkId: null,
    askBeneficiary: true,
    askWish: false,
    askBirthDate: false,
    sortOrder: 5,
    options: [
      { label: l("7 日", "7 日", "7 days"), days: 7, priceFen: 6800 },
      { label: l("30 日", "30 日", "30 days"), days: 30, priceFen: 19_800 },
    ],
  };
}

describeEachDatabase("admin product editor API", (database) => {
  let server: CommerceServer;
  let admin: Customer;

  beforeAll(async () => {
    server = await startCommerceServer(database);
    admin = await signInAdmin(server);
  });
  afterAll(() => server.close());

  const productCount = async () =>
    (await server.db.select({ n: count() }).from(products))[0]!.n;
  const optionCount = async () =>
    (await server.db.select({ n: count() }).from(productOptions))[0]!.n;
  const adminList = async () =>
    (await get(server, "admin/v1/products", admin)).body.data as {
      list: any[];
      monks: { id: number; name: { cn: string } }[];
    };
  const cover = async () =>
    (await uploadImage(server.baseUrl, admin.token, 8, 6)).name;

  it("refuses everyone but an admin: a user, staff, a monk, a manager", async () => {
    const others = [
      await signIn(server),
      await signIn(server, DEMO_PHONES.service),
      await signIn(server, DEMO_PHONES.monk),
      await signIn(server, DEMO_PHONES.manager),
    ];
    const before = [await productCount(), await optionCount()];
    for (const who of others) {
      const list = await get(server, "admin/v1/products", who);
      expect([list.status, list.body.reason]).toEqual([403, "FORBIDDEN"]);
      const file = (await uploadImage(server.baseUrl, who.token)).name;
      for (const [path, body] of [
        ["admin/v1/products/save", newProduct("not-mine", file)],
        ["admin/v1/products/visibility", { id: 1, active: false }],
      ] as const) {
        const reply = await post(server, path, body, who);
        expect([path, reply.status, reply.body.reason]).toEqual([
          path,
          403,
          "FORBIDDEN",
        ]);
      }
    }
    expect([await productCount(), await optionCount()]).toEqual(before);
    expect((await get(server, "oapi/v1/products/1")).status).toBe(200);
  });

  it("creates a product that the shop sells at once, and audits it", async () => {
    const { list, monks } = await adminList();
    expect(list.length).toBeGreaterThan(0);
    expect(monks.length).toBeGreaterThan(0);
    const body = { ...newProduct("medicine-lamp", await cover()) };
    body.monkId = monks[0]!.id as never;
    const saved = await post(server, "admin/v1/products/save", body, admin);
    expect(saved.status).toBe(200);
    const product = saved.body.data;
    expect(product).toMatchObject({
      slug: "medicine-lamp",
      title: body.title,
      description: body.description,
      monkId: monks[0]!.id,
      active: true,
      orderCount: 0,
    });
    expect(product.cover).toMatch(/^\/media\/[A-Za-z0-9_-]{32}\.png$/);
    expect(
      product.options.map((o: any) => [o.label.en, o.days, o.priceFen]),
    ).toEqual([
      ["7 days", 7, 6800],
      ["30 days", 30, 19_800],
    ]);

    const shop = await get(server, `oapi/v1/products/${product.id}?locale=tw`);
    expect(shop.status).toBe(200);
    expect(shop.body.data).toMatchObject({
      title: "藥師燈",
      cover: product.cover,
    });
    // The cover stays: its uploader cannot delete it while the product shows it.
    const coverName = String(product.cover).slice("/media/".length);
    const removed = await fetch(
      new URL(`/api/app/file/v1/${coverName}`, server.baseUrl),
      { method: "DELETE", headers: { authorization: `Bearer ${admin.token}` } },
    );
    expect(removed.status).toBe(409);
    expect(((await removed.json()) as { reason?: string }).reason).toBe(
      "FILE_IN_USE",
    );
    expect((await fetch(new URL(product.cover, server.baseUrl))).status).toBe(
      200,
    );

    const audit = (await auditOf(server, "product.create"))[0]!;
    expect(audit).toMatchObject({
      actorUserId: admin.userId,
      targetType: "product",
      targetId: String(product.id),
      details: { slug: "medicine-lamp", options: 2 },
    });
  });

  it("refuses a bad product with its reason and writes nothing", async () => {
    const file = await cover();
    const stranger = await signIn(server);
    const foreign = (await uploadImage(server.baseUrl, stranger.token)).name;
    const blankEnglish = newProduct("blank-title", file);
    blankEnglish.title = l("药师灯", "藥師燈", "   ");
    const controls = newProduct("controls", file);
    controls.summary = l("好\u202e灯", "好燈", "Good");
    const noParagraph = newProduct("no-paragraph", file);
    noParagraph.description = { ...noParagraph.description, tw: [] };
    const cases: [string, unknown, number, string, string?][] = [
      [
        "no cover",
        newProduct("no-cover"),
        400,
        "FIELD_REQUIRED",
        "coverFileId",
      ],
      [
        "someone else's cover",
        newProduct("foreign", foreign),
        400,
        "INVALID_FIELD",
        "coverFileId",
      ],
      [
        "slug taken",
        newProduct("bright-lamp", file),
        409,
        "PRODUCT_SLUG_TAKEN",
      ],
      ["blank title", blankEnglish, 400, "FIELD_REQUIRED", "title/en"],
      ["bidi override", controls, 400, "TEXT_CONTROL_CHARACTERS", "summary/cn"],
      ["no paragraph", noParagraph, 400, "FIELD_REQUIRED", "description/tw"],
      [
        "unknown monk",
        { ...newProduct("ghost-monk", file), monkId: 99_999 },
        400,
        "INVALID_FIELD",
        "monkId",
      ],
      [
        "no options",
        { ...newProduct("no-options", file), options: [] },
        400,
        "INVALID_FIELD",
      ],
      [
        "free option",
        {
          ...newProduct("free", file),
          options: [{ label: l("1", "1", "1"), days: 1, priceFen: 0 }],
        },
        400,
        "INVALID_FIELD",
      ],
      ["bad slug", newProduct("Bad Slug", file), 400, "INVALID_FIELD"],
      [
        "unknown field",
        { ...newProduct("extra", file), price: 1 },
        400,
        "INVALID_FIELD",
      ],
      [
        "unknown product",
        { ...newProduct("x", file), id: 99_999 },
        404,
        "PRODUCT_NOT_FOUND",
      ],
    ];
    const before = [await productCount(), await optionCount()];
    for (const [name, body, status, reason, field] of cases) {
      const reply = await post(server, "admin/v1/products/save", body, admin);
      expect([name, reply.status, reply.body.reason]).toEqual([
        name,
        status,
        reason,
      ]);
      if (field !== undefined)
        expect([name, reply.body.params?.field]).toEqual([name, field]);
    }
    expect([await productCount(), await optionCount()]).toEqual(before);
  });

  it("edits prices and options: new buyers pay the new price, orders keep theirs", async () => {
    const buyer = await signIn(server);
    const order = await placeOrder(server, buyer);
    const [row] = await server.db
      .select()
      .from(orders)
      .where(eq(orders.id, order.masterId));
    const { list } = await adminList();
    const product = list.find((p: any) => p.id === row!.productId)!;
    const ordered = product.options.find((o: any) => o.id === row!.optionId)!;
    expect(ordered.orderCount).toBeGreaterThan(0);
    expect(product.orderCount).toBeGreaterThan(0);
    const unordered = product.options.filter(
      (o: any) => o.id !== ordered.id && o.orderCount === 0,
    );

    // Removing the ordered option is refused, and nothing moves.
    const {
      slug: _s,
      cover: _c,
      active: _a,
      orderCount: _o,
      ...fields
    } = product;
    const without = {
      ...fields,
      options: product.options
        .filter((o: any) => o.id !== ordered.id)
        .map(({ orderCount: _, ...o }: any) => o),
    };
    const refused = await post(
      server,
      "admin/v1/products/save",
      without,
      admin,
    );
    expect([refused.status, refused.body.reason]).toEqual([
      409,
      "PRODUCT_OPTION_ORDERED",
    ]);
    expect(
      (await adminList()).list.find((p: any) => p.id === product.id),
    ).toEqual(product);

    // Reprice the ordered option, put a new option first, drop the unordered ones.
    const newPrice = Number(ordered.priceFen) + 1000;
    const edit = {
      ...fields,
      title: { ...product.title, en: "Lamp of Bright Wisdom (renewed)" },
      options: [
        { label: l("3 日", "3 日", "3 days"), days: 3, priceFen: 990 },
        {
          id: ordered.id,
          label: ordered.label,
          days: ordered.days,
          priceFen: newPrice,
        },
      ],
    };
    const saved = await post(server, "admin/v1/products/save", edit, admin);
    expect(saved.status).toBe(200);
    expect(
      saved.body.data.options.map((o: any) => [o.days, o.priceFen]),
    ).toEqual([
      [3, 990],
      [ordered.days, newPrice],
    ]);
    const shop = (await get(server, `oapi/v1/products/${product.id}?locale=en`))
      .body.data;
    expect(shop.title).toBe("Lamp of Bright Wisdom (renewed)");
    expect(shop.options.map((o: any) => o.priceFen)).toEqual([990, newPrice]);
    const [kept] = await server.db
      .select()
      .from(orders)
      .where(eq(orders.id, order.masterId));
    expect([kept!.unitPriceFen, kept!.totalFen]).toEqual([
      row!.unitPriceFen,
      row!.totalFen,
    ]);
    const audit = (await auditOf(server, "product.edit"))[0]!;
    expect(audit.details).toMatchObject({
      changed: expect.arrayContaining(["title"]),
      prices: [{ optionId: ordered.id, from: ordered.priceFen, to: newPrice }],
      added: 1,
      removed: unordered.length,
    });
  });

  it("hides a product from the shop and shows it again, audited once each", async () => {
    const { list } = await adminList();
    const product = list.find((p: any) => p.slug === "medicine-lamp")!;
    for (let i = 0; i < 2; i++) {
      const hidden = await post(
        server,
        "admin/v1/products/visibility",
        { id: product.id, active: false },
        admin,
      );
      expect(hidden.body.data.active).toBe(false);
    }
    expect((await get(server, `oapi/v1/products/${product.id}`)).status).toBe(
      404,
    );
    const cards = (await get(server, "oapi/v1/products?pageSize=50")).body.data
      .list as { id: number }[];
    expect(cards.map((c) => c.id)).not.toContain(product.id);
    const buyer = await signIn(server);
    const order = await post(
      server,
      "order/v1/create",
      {
        productId: product.id,
        optionId: product.options[0].id,
        quantity: 1,
        beneficiaryName: "王小明",
      },
      buyer,
    );
    expect([order.status, order.body.reason]).toEqual([
      404,
      "PRODUCT_NOT_FOUND",
    ]);
    expect((await adminList()).list.some((p: any) => p.id === product.id)).toBe(
      true,
    );

    await post(
      server,
      "admin/v1/products/visibility",
      { id: product.id, active: true },
      admin,
    );
    expect((await get(server, `oapi/v1/products/${product.id}`)).status).toBe(
      200,
    );
    const hides = (await auditOf(server, "product.hide")).filter(
      (a) => a.targetId === String(product.id),
    );
    const shows = (await auditOf(server, "product.show")).filter(
      (a) => a.targetId === String(product.id),
    );
    expect([hides.length, shows.length]).toEqual([1, 1]);
    const missing = await post(
      server,
      "admin/v1/products/visibility",
      { id: 99_999, active: false },
      admin,
    );
    expect([missing.status, missing.body.reason]).toEqual([
      404,
      "PRODUCT_NOT_FOUND",
    ]);
  });

  it("two admins saving one product at once leave one consistent product", async () => {
    const other = await signInAdmin(server);
    const { list } = await adminList();
    const product = list.find((p: any) => p.slug === "medicine-lamp")!;
    const {
      slug: _s,
      cover: _c,
      active: _a,
      orderCount: _o,
      ...fields
    } = product;
    const withPrices = (a: number, b: number) => ({
      ...fields,
      options: [
        {
          id: product.options[1].id,
          label: product.options[1].label,
          days: 30,
          priceFen: a,
        },
        {
          id: product.options[0].id,
          label: product.options[0].label,
          days: 7,
          priceFen: b,
        },
        { label: l("1 年", "1 年", "1 year"), days: 365, priceFen: a + b },
      ],
    });
    const replies = await Promise.all([
      post(server, "admin/v1/products/save", withPrices(20_000, 7000), admin),
      post(server, "admin/v1/products/save", withPrices(21_000, 7100), other),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    const after = (await adminList()).list.find(
      (p: any) => p.id === product.id,
    )!;
    const prices = after.options.map((o: any) => o.priceFen);
    expect([
      [20_000, 7000, 27_000],
      [21_000, 7100, 28_100],
    ]).toContainEqual(prices);
    // Each save added its own "1 year" option and the later one kept only its own.
    expect(after.options).toHaveLength(3);
  });
});

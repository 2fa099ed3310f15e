// Every public content endpoint returns the seeded content in the requested locale (cn, tw,
// en), with pagination, category filters and the shapes of the content contract.
import { getJson } from "./apiClient";
import { describeEachDatabase } from "../support/server/testDb";
import { startTestServer, type TestServer } from "../support/server/testServer";

const HAN = /[\u4e00-\u9fff]/;
const LOCALE_NAMES = {
  cn: { temple: "灵隐寺", monk: "慧明法师", page: "隐私政策" },
  tw: { temple: "靈隱寺", monk: "慧明法師", page: "隱私政策" },
  en: {
    temple: "Lingyin Temple",
    monk: "Master Huiming",
    page: "Privacy Policy",
  },
} as const;

describeEachDatabase("content API", (database) => {
  let server: TestServer;
  const get = async (path: string) => {
    const { status, body } = await getJson(server.baseUrl, path);
    expect(status, `${path}: ${body.msg}`).toBe(200);
    expect(body.code).toBe(0);
    return body.data;
  };

  beforeAll(async () => {
    server = await startTestServer({ database });
  });
  afterAll(() => server.close());

  describe.each(["cn", "tw", "en"] as const)("locale %s", (locale) => {
    const names = LOCALE_NAMES[locale];
    const isEnglish = locale === "en";
    const expectLanguage = (text: string) => {
      if (isEnglish) expect(text).not.toMatch(HAN);
      else expect(text).toMatch(HAN);
    };

    it("home: up to 6 featured products, 3 newest news, all temples", async () => {
      const home = await get(`/api/app/oapi/v1/home?locale=${locale}`);
      expect(home.featured).toHaveLength(6);
      expect(home.news).toHaveLength(3);
      expect(home.temples.map((t: any) => t.name)).toContain(names.temple);
      const dates = home.news.map((n: any) => n.publishedAt);
      expect([...dates].sort().reverse()).toEqual(dates);
      for (const card of home.featured) {
        expectLanguage(card.title);
        expect(card.fromPriceFen).toBeGreaterThan(0);
        expect(card.cover).toMatch(/^\/images\/products\/[a-z-]+\.svg$/);
      }
    });

    it("temples: three temples, each with localized monks", async () => {
      const { list } = await get(`/api/app/oapi/v1/temples?locale=${locale}`);
      expect(list).toHaveLength(3);
      for (const temple of list) {
        expect(Object.keys(temple).sort()).toEqual(
          [
            "cover",
            "description",
            "founded",
            "id",
            "location",
            "monks",
            "name",
          ].sort(),
        );
        expectLanguage(temple.description);
        expect(temple.monks.length).toBeGreaterThanOrEqual(2);
        for (const monk of temple.monks) {
          expect(monk.templeId).toBe(temple.id);
          expectLanguage(monk.bio);
          expect(monk.specialties.length).toBeGreaterThan(0);
        }
      }
      const lingyin = list.find((t: any) => t.name === names.temple);
      const huiming = lingyin.monks.find((m: any) => m.name === names.monk);
      expect(huiming.imId).toBe("demo_monk");
      expect(
        lingyin.monks.filter((m: any) => m.imId === null).length,
      ).toBeGreaterThan(0);
    });

    it("monk: detail with its temple card", async () => {
      const { list } = await get(`/api/app/oapi/v1/temples?locale=${locale}`);
      const monkId = list[0].monks[0].id;
      const monk = await get(
        `/api/app/oapi/v1/monks/${monkId}?locale=${locale}`,
      );
      expect(monk.id).toBe(monkId);
      expect(monk.temple).toEqual({
        id: list[0].id,
        name: list[0].name,
        location: list[0].location,
        cover: list[0].cover,
      });
      expectLanguage(monk.title);
    });

    it("news: paginated newest first, detail by id", async () => {
      const first = await get(
        `/api/app/oapi/v1/news?locale=${locale}&page=1&pageSize=10`,
      );
      expect(first.total).toBeGreaterThanOrEqual(14);
      expect(first).toMatchObject({ page: 1, pageSize: 10 });
      expect(first.list).toHaveLength(10);
      const second = await get(
        `/api/app/oapi/v1/news?locale=${locale}&page=2&pageSize=10`,
      );
      expect(second.list).toHaveLength(first.total - 10);
      const all = [...first.list, ...second.list];
      expect(new Set(all.map((n: any) => n.id)).size).toBe(first.total);
      const dates = all.map((n: any) => Date.parse(n.publishedAt));
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
      const beyond = await get(
        `/api/app/oapi/v1/news?locale=${locale}&page=3&pageSize=10`,
      );
      expect(beyond).toEqual({
        list: [],
        total: first.total,
        page: 3,
        pageSize: 10,
      });

      const item = await get(
        `/api/app/oapi/v1/news/${all[4].id}?locale=${locale}`,
      );
      expect(item).toEqual(all[4]);
      expect(item.body.length).toBeGreaterThanOrEqual(2);
      expectLanguage(item.title);
      expectLanguage(item.templeName);
      expect(new Date(item.publishedAt).toISOString()).toBe(item.publishedAt);
      expect(item.images.length).toBeGreaterThan(0);
    });

    it("products: all categories, filter by category, detail with options and monk", async () => {
      const page = await get(
        `/api/app/oapi/v1/products?locale=${locale}&pageSize=50`,
      );
      expect(page.total).toBeGreaterThanOrEqual(8);
      expect(new Set(page.list.map((p: any) => p.category))).toEqual(
        new Set(["lamp", "incense", "sutra", "prayer", "release", "plaque"]),
      );
      const lamps = await get(
        `/api/app/oapi/v1/products?locale=${locale}&category=lamp`,
      );
      expect(lamps.total).toBeGreaterThan(0);
      expect(lamps.list.every((p: any) => p.category === "lamp")).toBe(true);

      const small = await get(
        `/api/app/oapi/v1/products?locale=${locale}&page=2&pageSize=3`,
      );
      expect(small.list.map((p: any) => p.id)).toEqual(
        page.list.slice(3, 6).map((p: any) => p.id),
      );

      const card = page.list[0];
      const product = await get(
        `/api/app/oapi/v1/products/${card.id}?locale=${locale}`,
      );
      expect(product).toMatchObject(card);
      expect(product.options.map((o: any) => o.days)).toEqual([1, 7, 49]);
      expect(product.fromPriceFen).toBe(
        Math.min(...product.options.map((o: any) => o.priceFen)),
      );
      for (const option of product.options) {
        expect(Number.isInteger(option.priceFen)).toBe(true);
        expect(option.label).toBe(
          isEnglish
            ? `${option.days} day${option.days === 1 ? "" : "s"}`
            : `${option.days} 日`,
        );
      }
      expect(product.monk.name).toBe(card.monkName);
      expect(product.asks).toEqual({
        beneficiary: true,
        wish: true,
        birthDate: false,
      });
      expect(product.description.length).toBeGreaterThan(0);
      expectLanguage(product.description[0]);
    });

    it("pages: the three static pages with sections", async () => {
      for (const slug of [
        "privacy-policy",
        "terms-of-service",
        "fate-together",
      ]) {
        const page = await get(
          `/api/app/oapi/v1/pages/${slug}?locale=${locale}`,
        );
        expect(page.slug).toBe(slug);
        expectLanguage(page.title);
        expect(page.sections.length).toBeGreaterThanOrEqual(4);
        for (const section of page.sections) {
          expectLanguage(section.heading);
          expect(section.paragraphs.length).toBeGreaterThan(0);
        }
        expect(new Date(page.updatedAt).toISOString()).toBe(page.updatedAt);
      }
      const privacy = await get(
        `/api/app/oapi/v1/pages/privacy-policy?locale=${locale}`,
      );
      expect(privacy.title).toBe(names.page);
    });
  });

  it("defaults to cn when locale is omitted", async () => {
    const withDefault = await get("/api/app/oapi/v1/temples");
    const cn = await get("/api/app/oapi/v1/temples?locale=cn");
    expect(withDefault).toEqual(cn);
  });

  it("keeps ids stable across locales", async () => {
    const [cn, tw, en] = await Promise.all(
      ["cn", "tw", "en"].map((locale) =>
        get(`/api/app/oapi/v1/news?locale=${locale}&pageSize=50`),
      ),
    );
    const ids = (page: any) => page.list.map((n: any) => n.id);
    expect(ids(tw)).toEqual(ids(cn));
    expect(ids(en)).toEqual(ids(cn));
    expect(en.list[0].title).not.toBe(cn.list[0].title);
    expect(tw.list[0].title).not.toBe(cn.list[0].title);
  });
});

// A stubbed `fetch` that answers the content API from fixtures and the accounts API from an
// in-memory FakeAccounts (envelopes as the server sends them), records every URL, and can be
// told to fail a path. Test support, not a test.
import { type Answer, ok } from "./fakeAnswers";
import type {
  HomeData,
  MonkWithTemple,
  NewsItem,
  Page,
  Product,
  RuntimeConfig,
  StaticPage,
  Temple,
} from "../../../src/api/types";
import { FakeAccounts } from "./fakeAccounts";
import { readRequest } from "./layerFetch";

export function makeConfig(
  overrides: Partial<RuntimeConfig> = {},
): RuntimeConfig {
  return {
    version: "0.1.0",
    imWsUrl: "ws://localhost:3000/im",
    publicUrl: "http://localhost:3000",
    login: { phone: true, email: true, wechat: true },
    wechat: {
      appId: "wx_open_app",
      mpAppId: "wx_mp_app",
      redirectUrl: "http://localhost:3000/callback",
      emulator: true,
      qrConnectUrl: "http://localhost:3000/dev/wechat/authorize",
      authorizeUrl: "http://localhost:3000/dev/wechat/authorize",
    },
    devTools: true,
    ...overrides,
  };
}

export const monk = {
  id: 7,
  templeId: 1,
  name: "释慧明",
  title: "监院",
  bio: "出家三十余年，精于《金刚经》。",
  avatar: "/images/monks/huiming.svg",
  specialties: ["诵经", "祈福"],
  imId: "monk_7",
};

export const temple: Temple = {
  id: 1,
  name: "灵隐寺",
  location: "杭州",
  cover: "/images/temples/lingyin.svg",
  description: "始建于东晋。",
  founded: "326",
  monks: [monk],
};

export const news: NewsItem = {
  id: 3,
  title: "浴佛节法会圆满",
  summary: "千人共沐法喜。",
  body: ["第一段。", "第二段。"],
  cover: "/images/news/1.svg",
  images: ["/images/news/1a.svg"],
  publishedAt: "2026-05-20T02:00:00Z",
  templeName: "灵隐寺",
};

export const product: Product = {
  id: 12,
  category: "lamp",
  title: "光明灯",
  summary: "点亮心灯",
  cover: "/images/products/lamp.svg",
  fromPriceFen: 8800,
  monkName: "释慧明",
  description: ["供灯一盏，照破无明。"],
  options: [
    { id: 1, label: "七日", days: 7, priceFen: 8800 },
    { id: 2, label: "一年", days: 365, priceFen: 128800 },
  ],
  monk,
  supporters: 128,
  asks: { beneficiary: true, wish: true, birthDate: false },
};

export const home: HomeData = {
  featured: [product],
  news: [news],
  temples: [
    {
      id: 1,
      name: "灵隐寺",
      location: "杭州",
      cover: "/images/temples/lingyin.svg",
    },
  ],
};

export const page = (slug: string, title: string): StaticPage => ({
  slug,
  title,
  sections: [{ heading: "一、总则", paragraphs: ["内容。"] }],
  updatedAt: "2026-01-01T00:00:00Z",
});

const missing = (msg: string): Answer => ({
  status: 404,
  body: { code: 404, data: null, msg },
});

function answer(path: string): Answer {
  if (path === "oapi/v1/home") return ok(home);
  if (path === "oapi/v1/temples") return ok({ list: [temple] });
  if (path === "oapi/v1/news") {
    const result: Page<NewsItem> = {
      list: [news],
      total: 1,
      page: 1,
      pageSize: 6,
    };
    return ok(result);
  }
  if (path === "oapi/v1/products") {
    const result: Page<typeof product> = {
      list: [product],
      total: 1,
      page: 1,
      pageSize: 10,
    };
    return ok(result);
  }
  if (path === "oapi/v1/products/12") return ok(product);
  if (path.startsWith("oapi/v1/products/")) return missing("product not found");
  if (path === "oapi/v1/monks/7") {
    const result: MonkWithTemple = { ...monk, temple: home.temples[0]! };
    return ok(result);
  }
  // NOTE: a signed-in user without a fate sign-up (the /register page's loader).
  if (path === "fate/v1/mine") return ok(null);
  if (path === "user/getUserInfoWithInviteCodes")
    return ok({
      userId: 42,
      nickname: "善信小林",
      avatarUrl: "/images/avatars/1.svg",
      inviteCode: "FY42AB",
      parentInviteCode: null,
      parent: null,
      isManager: 0,
    });
  if (path === "manager/v1/info")
    return ok({
      status: "none",
      isManager: 0,
      applicationId: null,
      name: null,
      region: null,
      appliedAt: null,
      decidedAt: null,
      rejectReason: null,
    });
  if (path.startsWith("oapi/v1/pages/"))
    return ok(page(path.slice("oapi/v1/pages/".length), "共结善缘"));
  return missing(`no route ${path}`);
}

export interface FakeApi {
  urls: URL[];
  accounts: FakeAccounts;
  /** What oapi/v1/config answers (change it before the first page load of a test). */
  config: RuntimeConfig;
  /** Makes requests whose path starts with `prefix` answer with this status and envelope. */
  fail(prefix: string, status: number, code: number): void;
  heal(): void;
}

export function installFakeApi(): FakeApi {
  const urls: URL[] = [];
  const failures = new Map<string, Answer>();
  const accounts = new FakeAccounts();
  const api: FakeApi = {
    urls,
    accounts,
    config: makeConfig(),
    fail(prefix, status, code) {
      failures.set(prefix, {
        status,
        body: { code, data: null, msg: "failure" },
      });
    },
    heal() {
      failures.clear();
    },
  };
  vi.stubGlobal(
    "fetch",
    vi.fn((input: string, init?: RequestInit) => {
      const {
        url,
        path,
        method,
        headers,
        body: sent,
      } = readRequest(input, init);
      urls.push(url);
      const failure = [...failures].find(([prefix]) =>
        path.startsWith(prefix),
      )?.[1];
      const { status, body } =
        failure ??
        (path === "oapi/v1/config" ? ok(api.config) : undefined) ??
        accounts.answer(path, method, headers, sent) ??
        answer(path);
      return Promise.resolve(Response.json(body, { status }));
    }),
  );
  return api;
}

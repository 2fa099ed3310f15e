// Every refusal reason the server can give (contract/apiErrors.ts, the one list HttpError,
// AuthError and the error handler draw from) has a sentence in cn, tw and en: the descriptor is
// in each locale's compiled catalog, the rendered sentence fills every placeholder, en has no
// Chinese and tw is not the cn fallback.
import {
  API_ERRORS,
  type ApiErrorParams,
  type ApiErrorReason,
} from "../../../contract/apiErrors";
import {
  activateLocale,
  catalogLoaders,
  initI18n,
} from "../../../src/i18n/activateLocale";
import {
  API_ERROR_MESSAGES,
  apiErrorText,
} from "../../../src/i18n/apiErrorMessages";
import type { Locale } from "../../../src/i18n/locales";

const REASONS = Object.keys(API_ERRORS) as ApiErrorReason[];
const LOCALES: readonly Locale[] = ["cn", "tw", "en"];
const SAMPLE: ApiErrorParams = {
  field: "birthDate",
  max: 10 * 1024 * 1024,
  code: "NOPE99",
  status: "cancelled",
  retryAfterSeconds: 300,
};
const HAN = /\p{Script=Han}/u;
/** The cn sentences: tw must differ from each (a missing tw translation falls back to cn). */
const cnTexts = new Map<ApiErrorReason, string>();

beforeAll(async () => {
  await activateLocale("cn");
  for (const reason of REASONS)
    cnTexts.set(reason, apiErrorText(reason, SAMPLE));
});

afterAll(() => {
  initI18n();
});

it("lists the reasons the server gives, each with its HTTP status", () => {
  expect(REASONS.length).toBeGreaterThan(90);
  for (const reason of REASONS) {
    expect(reason).toMatch(/^[A-Z][A-Z0-9_]+$/);
    expect(API_ERRORS[reason]).toBeGreaterThanOrEqual(400);
    expect(API_ERRORS[reason]).toBeLessThan(600);
  }
});

describe.each(LOCALES)("in %s", (locale) => {
  beforeAll(async () => {
    await expect(activateLocale(locale)).resolves.toBe(true);
  });

  it.each(REASONS)("%s has a translated sentence", async (reason) => {
    const { messages } = await catalogLoaders[locale]();
    const descriptor = API_ERROR_MESSAGES[reason](SAMPLE);
    expect(messages[descriptor.id], `${reason} in ${locale}`).toBeDefined();
    const text = apiErrorText(reason, SAMPLE);
    expect(text.trim()).not.toBe("");
    expect(text).not.toMatch(/[{}]/);
    if (locale === "en") expect(text).not.toMatch(HAN);
    else expect(text).toMatch(HAN);
    if (locale === "tw") expect(text).not.toBe(cnTexts.get(reason));
  });
});

it("tells a wait in the largest unit that reads well", async () => {
  await activateLocale("en");
  const wait = (retryAfterSeconds: number) =>
    apiErrorText("CODE_RESEND_TOO_SOON", { retryAfterSeconds });
  expect(wait(1)).toContain("wait 1 second before");
  expect(wait(45)).toContain("wait 45 seconds before");
  expect(wait(300)).toContain("wait 5 minutes before");
  expect(wait(3 * 3600)).toContain("wait 3 hours before");
  await activateLocale("cn");
  expect(wait(300)).toBe("验证码发送过于频繁，请 5 分钟后再试");
});

it("names the invite code nobody has, and a field in its own words", async () => {
  await activateLocale("cn");
  expect(apiErrorText("INVITE_CODE_UNKNOWN", { code: "NOPE99" })).toBe(
    "没有找到邀请码 NOPE99，请核对后再试",
  );
  expect(apiErrorText("INVALID_FIELD", { field: "phone" })).toBe(
    "请输入正确的手机号（phone）",
  );
  expect(apiErrorText("INVALID_FIELD", { field: "state", wording: null })).toBe(
    "请求参数不正确：state",
  );
  await activateLocale("tw");
  expect(apiErrorText("ORDER_NOT_PAYABLE", { status: "cancelled" })).toBe(
    "該訂單狀態為「已取消」，無法付款",
  );
});

// Lazy catalogs: tw/en load as compiled .po chunks; <html lang> follows; a failed load logs
// "Failed locale loading" and keeps the previous locale.
import { i18n } from "@lingui/core";
import {
  activateLocale,
  catalogLoaders,
  catalogPartLoaders,
  initI18n,
  loadCatalogPart,
} from "../../../src/i18n/activateLocale";

afterEach(() => {
  initI18n();
  vi.restoreAllMocks();
});

it("starts in cn with <html lang=zh-CN>", () => {
  expect(i18n.locale).toBe("cn");
  expect(document.documentElement.lang).toBe("zh-CN");
  expect(Object.keys(i18n.messages).length).toBeGreaterThan(10);
});

it("loads the real en and tw catalogs", async () => {
  await expect(activateLocale("en")).resolves.toBe(true);
  expect(i18n.locale).toBe("en");
  expect(document.documentElement.lang).toBe("en-US");
  const { messages } = await catalogLoaders.en();
  expect(Object.keys(messages).length).toBeGreaterThan(10);

  await expect(activateLocale("tw")).resolves.toBe(true);
  expect(document.documentElement.lang).toBe("zh-TW");
});

it("keeps the previous locale when the catalog fails to load", async () => {
  const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
  const failing = {
    ...catalogLoaders,
    en: () => Promise.reject(new Error("chunk 404")),
  };
  await expect(activateLocale("en", failing)).resolves.toBe(false);
  expect(error).toHaveBeenCalledWith(
    "Failed locale loading",
    expect.any(Error),
  );
  expect(i18n.locale).toBe("cn");
  expect(document.documentElement.lang).toBe("zh-CN");
});

it("a later switch wins over a slower earlier one", async () => {
  let release: () => void = () => undefined;
  const slow = {
    ...catalogLoaders,
    en: () =>
      new Promise<Awaited<ReturnType<typeof catalogLoaders.en>>>((resolve) => {
        release = () => {
          void catalogLoaders.en().then(resolve);
        };
      }),
  };
  const first = activateLocale("en", slow);
  await expect(activateLocale("tw", slow)).resolves.toBe(true);
  release();
  await expect(first).resolves.toBe(false);
  expect(i18n.locale).toBe("tw");
});

// NOTE: last in the file: a loaded part stays wanted for the module's lifetime.
it("loads the temple's catalog only when asked, and with every later switch", async () => {
  const { messages: appEn } = await catalogLoaders.en();
  const { messages: templeEn } = await catalogPartLoaders.temple.en();
  const { messages: templeTw } = await catalogPartLoaders.temple.tw();
  const templeOnly = Object.keys(templeEn).find((id) => !(id in appEn));
  if (templeOnly === undefined) throw new Error("no temple-only message");

  await activateLocale("en");
  expect(i18n.messages[templeOnly]).toBeUndefined();

  await loadCatalogPart("temple");
  expect(i18n.messages[templeOnly]).toEqual(templeEn[templeOnly]);

  await activateLocale("tw");
  expect(i18n.messages[templeOnly]).toEqual(templeTw[templeOnly]);
  expect(templeTw[templeOnly]).not.toEqual(templeEn[templeOnly]);
});

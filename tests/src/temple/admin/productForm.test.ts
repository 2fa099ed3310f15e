// The product editor's pure rules (src/temple/admin/productForm.ts): yuan typed ↔ fen sent,
// descriptions as paragraphs between blank lines, options moved and removed (never one with
// orders), the save body built from a draft, and the input a server refusal's field names.
import { PRODUCT_LIMITS } from "#contract";
import type { AdminProduct } from "../../../../src/temple/admin/adminApi";
import {
  blankOption,
  canRemoveOption,
  draftOf,
  inputKeyOfField,
  joinParagraphs,
  moveOption,
  parseYuan,
  priceRangeText,
  type ProductDraft,
  removeOption,
  splitParagraphs,
  toSaveBody,
  yuanText,
} from "../../../../src/temple/admin/productForm";

const text = (cn: string) => ({ cn, tw: `${cn}（繁）`, en: `${cn} (en)` });

function product(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    id: 7,
    slug: "bright-lamp",
    category: "lamp",
    title: text("光明灯"),
    summary: text("点一盏灯"),
    description: { cn: ["第一段", "第二段"], tw: ["一"], en: ["One"] },
    cover: "/images/products/lamp.svg",
    monkId: 3,
    askBeneficiary: true,
    askWish: false,
    askBirthDate: true,
    sortOrder: 20,
    active: true,
    options: [
      { id: 11, label: text("一月"), days: 30, priceFen: 6800, orderCount: 2 },
      {
        id: 12,
        label: text("一年"),
        days: 365,
        priceFen: 68000,
        orderCount: 0,
      },
    ],
    orderCount: 2,
    ...overrides,
  };
}

describe("yuan as typed and fen as sent", () => {
  it.each([
    ["68", 6800],
    ["68.00", 6800],
    ["68.5", 6850],
    ["0.01", 1],
    [" ¥1,200.30 ", 120030],
    ["￥9", 900],
  ])("%j is %i fen", (typed, fen) => {
    expect(parseYuan(typed)).toBe(fen);
  });

  it.each(["", "abc", "-5", "1.234", "1e3", "68.", ".5", "6 8"])(
    "%j is no amount",
    (typed) => {
      expect(parseYuan(typed)).toBeNull();
    },
  );

  it("shows fen as yuan with two decimals, and reads it back", () => {
    expect(yuanText(6800)).toBe("68.00");
    expect(yuanText(5)).toBe("0.05");
    expect(yuanText(PRODUCT_LIMITS.priceFenMax)).toBe("100000.00");
    for (const fen of [1, 99, 100, 6850, 1234567])
      expect(parseYuan(yuanText(fen))).toBe(fen);
  });

  it("names the lowest and highest price", () => {
    expect(priceRangeText([{ priceFen: 6800 }])).toBe("¥68.00");
    expect(
      priceRangeText([
        { priceFen: 68000 },
        { priceFen: 6800 },
        { priceFen: 9900 },
      ]),
    ).toBe("¥68.00 – ¥680.00");
    expect(priceRangeText([])).toBeNull();
  });
});

describe("paragraphs", () => {
  it("splits on blank lines, keeps single line breaks, drops empty ones", () => {
    expect(
      splitParagraphs("  第一段\n续行 \n\n\n 第二段\r\n \r\n第三段\n\n  "),
    ).toEqual(["第一段\n续行", "第二段", "第三段"]);
    expect(splitParagraphs(" \n\n ")).toEqual([]);
  });

  it("joins with a blank line, which splits back the same", () => {
    const list = ["一", "二\n续", "三"];
    expect(joinParagraphs(list)).toBe("一\n\n二\n续\n\n三");
    expect(splitParagraphs(joinParagraphs(list))).toEqual(list);
  });
});

describe("options", () => {
  const draft = () => draftOf(product(), 0);

  it("an option with orders cannot be removed; one without can, unless it is the last", () => {
    const { options } = draft();
    expect(canRemoveOption(options, 0)).toBe(false);
    expect(removeOption(options, 0)).toEqual(options);
    expect(canRemoveOption(options, 1)).toBe(true);
    const one = removeOption(options, 1);
    expect(one.map((o) => o.id)).toEqual([11]);
    const fresh = [blankOption("a")];
    expect(canRemoveOption(fresh, 0)).toBe(false);
  });

  it("moves up and down, and not past either end", () => {
    const options = [...draft().options, blankOption("new")];
    expect(moveOption(options, 2, -1).map((o) => o.key)).toEqual([
      "option-11",
      "new",
      "option-12",
    ]);
    expect(moveOption(options, 0, 1).map((o) => o.key)).toEqual([
      "option-12",
      "option-11",
      "new",
    ]);
    expect(moveOption(options, 0, -1)).toEqual(options);
    expect(moveOption(options, 2, 1)).toEqual(options);
  });
});

describe("the save body", () => {
  const noCover = { fileId: undefined, uploading: false };

  it("an unchanged product saves as it was, with its option ids and no cover", () => {
    const result = toSaveBody(draftOf(product(), 0), noCover);
    expect(result).toEqual({
      ok: true,
      body: {
        id: 7,
        category: "lamp",
        title: text("光明灯"),
        summary: text("点一盏灯"),
        description: { cn: ["第一段", "第二段"], tw: ["一"], en: ["One"] },
        monkId: 3,
        askBeneficiary: true,
        askWish: false,
        askBirthDate: true,
        sortOrder: 20,
        options: [
          { id: 11, label: text("一月"), days: 30, priceFen: 6800 },
          { id: 12, label: text("一年"), days: 365, priceFen: 68000 },
        ],
      },
    });
  });

  it("a new product sends its slug, cover and trimmed texts, options in order", () => {
    const draft: ProductDraft = {
      ...draftOf(undefined, 30),
      slug: " peace-lamp ",
      category: "prayer",
      title: { cn: " 平安灯 ", tw: "平安燈", en: "Peace lamp" },
      summary: { cn: "保平安", tw: "保平安", en: "For peace" },
      description: { cn: "一\n\n二", tw: "一", en: "One" },
      options: [
        { ...blankOption("a"), label: text("一年"), days: "365", price: "680" },
        {
          ...blankOption("b"),
          label: text("一月"),
          days: " 30 ",
          price: "68.5",
        },
      ],
    };
    const result = toSaveBody(draft, { fileId: "x.png", uploading: false });
    expect(result.ok && result.body).toMatchObject({
      slug: "peace-lamp",
      category: "prayer",
      title: { cn: "平安灯", tw: "平安燈", en: "Peace lamp" },
      description: { cn: ["一", "二"], tw: ["一"], en: ["One"] },
      coverFileId: "x.png",
      monkId: null,
      sortOrder: 30,
      options: [
        { label: text("一年"), days: 365, priceFen: 68000 },
        { label: text("一月"), days: 30, priceFen: 6850 },
      ],
    });
    expect(result.ok && "id" in result.body).toBe(false);
  });

  it("names every problem it can see before sending", () => {
    const draft: ProductDraft = {
      ...draftOf(undefined, 0),
      slug: "Bright Lamp",
      title: {
        cn: "",
        tw: "x".repeat(PRODUCT_LIMITS.titleMaxChars + 1),
        en: "ok",
      },
      sortOrder: "-1",
      options: [
        { ...blankOption("a"), label: text("一月"), days: "0", price: "0" },
        {
          ...blankOption("b"),
          label: text("一年"),
          days: "365",
          price: String(PRODUCT_LIMITS.priceFenMax / 100 + 1),
        },
      ],
    };
    const result = toSaveBody(draft, noCover);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(
      [
        "slug",
        "cover",
        "title-cn",
        "title-tw",
        "summary-cn",
        "summary-tw",
        "summary-en",
        "description-cn",
        "description-tw",
        "description-en",
        "sortOrder",
        "option-0-days",
        "option-0-price",
        "option-1-price",
      ].sort(),
    );
  });

  it("waits for a cover still uploading, even when editing", () => {
    const result = toSaveBody(draftOf(product(), 0), {
      fileId: undefined,
      uploading: true,
    });
    expect(result.ok ? [] : Object.keys(result.errors)).toEqual(["cover"]);
  });
});

describe("the input a refusal names", () => {
  it.each([
    ["title/en", "title-en"],
    ["description/tw", "description-tw"],
    ["description/tw/3", "description-tw"],
    ["options/1/label/cn", "option-1-label-cn"],
    ["options/0/priceFen", "option-0-price"],
    ["options", "options"],
    ["coverFileId", "cover"],
    ["monkId", "monk"],
    ["body/slug", "slug"],
    ["sortOrder", "sortOrder"],
  ])("%s → %s", (field, key) => {
    expect(inputKeyOfField(field)).toBe(key);
  });

  it("knows none for a field the form has not", () => {
    expect(inputKeyOfField("id")).toBeUndefined();
    expect(inputKeyOfField("title/xx")).toBeUndefined();
  });
});

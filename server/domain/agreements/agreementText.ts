// The prayer agreement's wording in the three locales, filled in with the order it is for.
// Pure: the text only; agreements.ts decides who sees it.
import type { Locale, Localized } from "../../lib/locale";
import { pick } from "../../lib/locale";

export interface AgreementFacts {
  productTitle: Localized;
  optionLabel: Localized;
  quantity: number;
  totalFen: number;
  beneficiaryName: string | null;
  masterOrderNo: string;
}

const yuan = (fen: number) =>
  `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, "0")}`;

export function agreementTitle(
  facts: Pick<AgreementFacts, "productTitle">,
  locale: Locale,
): string {
  const product = pick(facts.productTitle, locale);
  switch (locale) {
    case "cn":
      return `祈福服务协议 · ${product}`;
    case "tw":
      return `祈福服務協議 · ${product}`;
    case "en":
      return `Prayer service agreement · ${product}`;
  }
}

export function agreementParagraphs(
  facts: AgreementFacts,
  locale: Locale,
): string[] {
  const product = pick(facts.productTitle, locale);
  const option = pick(facts.optionLabel, locale);
  const amount = yuan(facts.totalFen);
  const who = facts.beneficiaryName;
  switch (locale) {
    case "cn":
      return [
        `本协议就订单 ${facts.masterOrderNo}（${product}，${option}，共 ${facts.quantity} 份，合计 ¥${amount}）订立。`,
        `寺院将按所选时长如法安排${who === null ? "" : `，为受益人「${who}」`}诵经回向，并在完成后通过消息告知。`,
        "祈福为宗教仪轨服务，不承诺任何世俗结果；您所填写的信息仅用于本次法事。",
        "签署即表示您已阅读并同意以上内容。",
      ];
    case "tw":
      return [
        `本協議就訂單 ${facts.masterOrderNo}（${product}，${option}，共 ${facts.quantity} 份，合計 ¥${amount}）訂立。`,
        `寺院將按所選時長如法安排${who === null ? "" : `，為受益人「${who}」`}誦經迴向，並在完成後透過訊息告知。`,
        "祈福為宗教儀軌服務，不承諾任何世俗結果；您所填寫的資訊僅用於本次法事。",
        "簽署即表示您已閱讀並同意以上內容。",
      ];
    case "en":
      return [
        `This agreement covers order ${facts.masterOrderNo} (${product}, ${option}, quantity ${facts.quantity}, total ¥${amount}).`,
        `The temple will perform the chanting and dedication for the chosen period${who === null ? "" : ` for the beneficiary "${who}"`} and tell you by message when it is complete.`,
        "A blessing is a religious rite and promises no worldly outcome; the details you gave are used for this rite only.",
        "By signing you confirm that you have read and agree to the above.",
      ];
  }
}

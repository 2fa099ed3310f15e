// The terms of service page (slug terms-of-service) in zh-CN, zh-TW and English.
import { l, paragraphs } from "../localized";
import { type PageSeed, sectionsByLocale } from "./pageSeed";

export const TERMS_OF_SERVICE: PageSeed = {
  slug: "terms-of-service",
  title: l("服务条款", "服務條款", "Terms of Service"),
  updatedAt: "2025-12-01T00:00:00Z",
  sections: sectionsByLocale([
    {
      heading: l("服务说明", "服務說明", "The service"),
      paragraphs: paragraphs(
        [
          "福缘为信众与合作寺院之间提供线上祈福登记、法事进度通知与即时沟通服务。",
          "法事由寺院及法师依传统仪轨如法进行，福缘不承诺任何具体的“灵验”结果。",
        ],
        [
          "福緣為信眾與合作寺院之間提供線上祈福登記、法事進度通知與即時溝通服務。",
          "法事由寺院及法師依傳統儀軌如法進行，福緣不承諾任何具體的「靈驗」結果。",
        ],
        [
          "Fuyuan connects believers with partner temples: online blessing registration, progress notices and direct messaging.",
          "Rites are performed by the temples and monks according to tradition; Fuyuan promises no particular outcome.",
        ],
      ),
    },
    {
      heading: l("账号", "帳號", "Your account"),
      paragraphs: paragraphs(
        [
          "您需使用手机号、电子邮箱或微信登录，并对账号下的行为负责。",
          "请勿转让或出借账号；如发现异常登录，请立即联系客服。",
        ],
        [
          "您需使用手機號、電子郵箱或微信登入，並對帳號下的行為負責。",
          "請勿轉讓或出借帳號；如發現異常登入，請立即聯繫客服。",
        ],
        [
          "You sign in with a phone number, e-mail address or WeChat and are responsible for what happens under your account.",
          "Do not transfer or lend your account; if you notice an unusual sign-in, contact customer service at once.",
        ],
      ),
    },
    {
      heading: l("订单与支付", "訂單與支付", "Orders and payment"),
      paragraphs: paragraphs(
        [
          "所有价格以人民币计，在下单页面明确展示。支付成功后订单生效，寺院将按所选天数安排法事。",
          "随喜供养将用于寺院日常运作、法事用品与慈善项目。",
        ],
        [
          "所有價格以人民幣計，在下單頁面明確展示。支付成功後訂單生效，寺院將按所選天數安排法事。",
          "隨喜供養將用於寺院日常運作、法事用品與慈善項目。",
        ],
        [
          "All prices are in RMB and shown clearly before you order. An order takes effect once paid, and the temple schedules the rite for the days you chose.",
          "Offerings support the temples’ daily life, ritual materials and charitable work.",
        ],
      ),
    },
    {
      heading: l("退款", "退款", "Refunds"),
      paragraphs: paragraphs(
        [
          "法事开始前，您可以申请全额退款；法事开始后，未进行的天数可按比例退款。",
          "退款将原路退回，一般在七个工作日内到账。",
        ],
        [
          "法事開始前，您可以申請全額退款；法事開始後，未進行的天數可按比例退款。",
          "退款將原路退回，一般在七個工作日內到賬。",
        ],
        [
          "Before a rite begins you may ask for a full refund; once it has begun, the days not yet performed are refunded in proportion.",
          "Refunds go back to the original payment method, usually within seven working days.",
        ],
      ),
    },
    {
      heading: l("文明交流", "文明交流", "Respectful conduct"),
      paragraphs: paragraphs(
        [
          "与法师和客服交流时请保持尊重，不发布违法、骚扰或与宗教信仰不相符的内容。",
          "违反上述约定的账号，我们可能限制其聊天功能或停止提供服务。",
        ],
        [
          "與法師和客服交流時請保持尊重，不發布違法、騷擾或與宗教信仰不相符的內容。",
          "違反上述約定的帳號，我們可能限制其聊天功能或停止提供服務。",
        ],
        [
          "Please be respectful with monks and staff, and do not post unlawful, harassing or disrespectful content.",
          "Accounts that break these rules may have messaging restricted or the service withdrawn.",
        ],
      ),
    },
    {
      heading: l("条款变更", "條款變更", "Changes"),
      paragraphs: paragraphs(
        [
          "条款如有修改，我们会在应用内提前通知；继续使用即表示您同意修改后的条款。",
        ],
        [
          "條款如有修改，我們會在應用內提前通知；繼續使用即表示您同意修改後的條款。",
        ],
        [
          "If these terms change we will tell you in the app beforehand; continuing to use Fuyuan means you accept the new terms.",
        ],
      ),
    },
  ]),
};

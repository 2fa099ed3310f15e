// The privacy policy page (slug privacy-policy) in zh-CN, zh-TW and English.
import { l, paragraphs } from "../localized";
import { type PageSeed, sectionsByLocale } from "./pageSeed";

export const PRIVACY_POLICY: PageSeed = {
  slug: "privacy-policy",
  title: l("隐私政策", "隱私政策", "Privacy Policy"),
  updatedAt: "2025-12-01T00:00:00Z",
  sections: sectionsByLocale([
    {
      heading: l("我们收集哪些信息", "我們收集哪些資訊", "What we collect"),
      paragraphs: paragraphs(
        [
          "注册与登录时，我们收集您的手机号、电子邮箱或微信授权信息，用于识别您的账号。",
          "当您提交祈福订单时，我们会保存您填写的受益人姓名、心愿与出生日期，这些内容只用于法事本身。",
          "为保障服务安全，我们会记录必要的访问日志，如请求时间与设备类型。",
        ],
        [
          "註冊與登入時，我們收集您的手機號、電子郵箱或微信授權資訊，用於識別您的帳號。",
          "當您提交祈福訂單時，我們會保存您填寫的受益人姓名、心願與出生日期，這些內容只用於法事本身。",
          "為保障服務安全，我們會記錄必要的訪問日誌，如請求時間與設備類型。",
        ],
        [
          "When you sign up or sign in we collect your phone number, e-mail address or WeChat authorisation, to identify your account.",
          "When you place a blessing order we keep the beneficiary’s name, the wish and the date of birth you enter; they are used only for the rite itself.",
          "To keep the service safe we record necessary access logs, such as request times and device types.",
        ],
      ),
    },
    {
      heading: l("我们如何使用信息", "我們如何使用資訊", "How we use it"),
      paragraphs: paragraphs(
        [
          "用于完成您委托的祈福法事、发送法事进度与回向通知，以及在您与法师、客服沟通时传递消息。",
          "我们不会将您的信息用于与本服务无关的营销，也不会出售给任何第三方。",
        ],
        [
          "用於完成您委託的祈福法事、發送法事進度與迴向通知，以及在您與法師、客服溝通時傳遞訊息。",
          "我們不會將您的資訊用於與本服務無關的行銷，也不會出售給任何第三方。",
        ],
        [
          "To perform the rites you ask for, to send progress and dedication notices, and to carry your messages to monks and service staff.",
          "We never use your information for unrelated marketing and never sell it to anyone.",
        ],
      ),
    },
    {
      heading: l("信息共享", "資訊共享", "Sharing"),
      paragraphs: paragraphs(
        [
          "仅在完成法事所必需的范围内，与承办寺院及法师共享受益人姓名与心愿。",
          "支付由持牌支付机构处理，我们不保存您的银行卡信息。",
        ],
        [
          "僅在完成法事所必需的範圍內，與承辦寺院及法師共享受益人姓名與心願。",
          "支付由持牌支付機構處理，我們不保存您的銀行卡資訊。",
        ],
        [
          "Only what a rite needs — the beneficiary’s name and wish — is shared with the temple and monk performing it.",
          "Payments are handled by licensed payment providers; we do not store your card details.",
        ],
      ),
    },
    {
      heading: l("保存期限与安全", "保存期限與安全", "Retention and security"),
      paragraphs: paragraphs(
        [
          "订单信息在法事完成后保存三年，以便您查询与开具凭证；聊天记录在您删除账号时一并删除。",
          "我们使用加密传输与访问控制保护您的数据，只有经授权的工作人员才能接触订单信息。",
        ],
        [
          "訂單資訊在法事完成後保存三年，以便您查詢與開具憑證；聊天記錄在您刪除帳號時一併刪除。",
          "我們使用加密傳輸與存取控制保護您的資料，只有經授權的工作人員才能接觸訂單資訊。",
        ],
        [
          "Order details are kept for three years after the rite so you can look them up and obtain receipts; chat history is deleted with your account.",
          "Your data is protected by encrypted transport and access control; only authorised staff can see order details.",
        ],
      ),
    },
    {
      heading: l("您的权利", "您的權利", "Your rights"),
      paragraphs: paragraphs(
        [
          "您可以随时查看、更正您的个人资料，或申请注销账号。",
          "如对本政策有任何疑问，请通过应用内客服联系我们，我们会在十五个工作日内答复。",
        ],
        [
          "您可以隨時查看、更正您的個人資料，或申請註銷帳號。",
          "如對本政策有任何疑問，請透過應用內客服聯繫我們，我們會在十五個工作日內答覆。",
        ],
        [
          "You may view or correct your personal details at any time, or ask for your account to be closed.",
          "If you have questions about this policy, contact us through in-app customer service; we reply within fifteen working days.",
        ],
      ),
    },
  ]),
};

// The "Fate Together" page (slug fate-together): what the invitation programme is and its rules.
import { l, paragraphs } from "../localized";
import { type PageSeed, sectionsByLocale } from "./pageSeed";

export const FATE_TOGETHER: PageSeed = {
  slug: "fate-together",
  title: l("共结善缘", "共結善緣", "Fate Together"),
  updatedAt: "2025-12-01T00:00:00Z",
  sections: sectionsByLocale([
    {
      heading: l("什么是共结善缘", "什麼是共結善緣", "What is Fate Together"),
      paragraphs: paragraphs(
        [
          "佛家讲“广结善缘”。共结善缘邀请您把线上祈福分享给家人和朋友，让远方的人也能为所爱之人点一盏灯。",
        ],
        [
          "佛家講「廣結善緣」。共結善緣邀請您把線上祈福分享給家人和朋友，讓遠方的人也能為所愛之人點一盞燈。",
        ],
        [
          "Buddhists speak of “forming good connections widely”. Fate Together invites you to share online blessings with family and friends, so that people far away can also light a lamp for those they love.",
        ],
      ),
    },
    {
      heading: l("如何邀请", "如何邀請", "How to invite"),
      paragraphs: paragraphs(
        [
          "每位用户都有一个专属邀请码，可在“我的”页面找到，也可以生成二维码海报。",
          "朋友在注册时填写您的邀请码，或扫描您的海报进入，即与您结下福缘。",
        ],
        [
          "每位用戶都有一個專屬邀請碼，可在「我的」頁面找到，也可以生成二維碼海報。",
          "朋友在註冊時填寫您的邀請碼，或掃描您的海報進入，即與您結下福緣。",
        ],
        [
          "Every user has a personal invitation code on the “Me” page, which can also be turned into a QR-code poster.",
          "When a friend enters your code at sign-up, or arrives through your poster, the two of you are connected.",
        ],
      ),
    },
    {
      heading: l("结缘之后", "結緣之後", "After you connect"),
      paragraphs: paragraphs(
        [
          "您可以在“我的福缘”中看到通过您加入的朋友，并与他们互相随喜祈福。",
          "朋友的订单内容与心愿属于个人隐私，您不会看到任何细节。",
        ],
        [
          "您可以在「我的福緣」中看到透過您加入的朋友，並與他們互相隨喜祈福。",
          "朋友的訂單內容與心願屬於個人隱私，您不會看到任何細節。",
        ],
        [
          "Under “My connections” you can see the friends who joined through you and rejoice in each other’s blessings.",
          "Your friends’ orders and wishes remain private; you never see their details.",
        ],
      ),
    },
    {
      heading: l("规则", "規則", "Rules"),
      paragraphs: paragraphs(
        [
          "邀请关系在注册时确定，之后不可更改；一个账号只能填写一次邀请码。",
          "请勿以虚假信息批量注册或以夸大“灵验”为由进行邀请，违规账号的邀请关系将被取消。",
        ],
        [
          "邀請關係在註冊時確定，之後不可更改；一個帳號只能填寫一次邀請碼。",
          "請勿以虛假資訊批量註冊或以誇大「靈驗」為由進行邀請，違規帳號的邀請關係將被取消。",
        ],
        [
          "The invitation link is fixed at sign-up and cannot be changed; each account can enter a code only once.",
          "Do not mass-register with false details or invite people with exaggerated promises; invitations from accounts that break these rules are withdrawn.",
        ],
      ),
    },
  ]),
};

// Demo blessing products across all six categories, each with day-based options priced in fen.
// Monks are referenced by slug; sort order decides the home page's featured six.
import type { ProductCategory } from "#contract";
import type { Localized } from "../../lib/locale";
import { l, paragraphs } from "./localized";

export interface OptionSeed {
  label: Localized;
  days: number;
  priceFen: number;
}

export interface ProductSeed {
  slug: string;
  category: ProductCategory;
  title: Localized;
  summary: Localized;
  description: Localized<string[]>;
  cover: string;
  monkSlug: string | null;
  asks: { beneficiary: boolean; wish: boolean; birthDate: boolean };
  options: OptionSeed[];
}

const days = (n: number, priceFen: number): OptionSeed => ({
  label:
    n === 1 ? l("1 日", "1 日", "1 day") : l(`${n} 日`, `${n} 日`, `${n} days`),
  days: n,
  priceFen,
});

const cover = (slug: string) => `/images/products/${slug}.svg`;

export const PRODUCTS: readonly ProductSeed[] = [
  {
    slug: "bright-lamp",
    category: "lamp",
    title: l("光明灯", "光明燈", "Lamp of Bright Wisdom"),
    summary: l(
      "为自己或家人点亮一盏光明灯，祈愿智慧增长、前程光明。",
      "為自己或家人點亮一盞光明燈，祈願智慧增長、前程光明。",
      "Light a lamp for yourself or a loved one, for growing wisdom and a bright road ahead.",
    ),
    description: paragraphs(
      [
        "光明灯供奉于灵隐寺大雄宝殿前，灯火昼夜不熄。",
        "供灯期间，慧明法师于早晚课诵经回向，并在供灯圆满后发送回向通知。",
      ],
      [
        "光明燈供奉於靈隱寺大雄寶殿前，燈火晝夜不熄。",
        "供燈期間，慧明法師於早晚課誦經迴向，並在供燈圓滿後發送迴向通知。",
      ],
      [
        "The lamp burns day and night before Lingyin’s main hall.",
        "Master Huiming dedicates the morning and evening chanting to it and sends you a notice when the offering is complete.",
      ],
    ),
    cover: cover("bright-lamp"),
    monkSlug: "huiming",
    asks: { beneficiary: true, wish: true, birthDate: false },
    options: [days(1, 990), days(7, 5800), days(49, 29900)],
  },
  {
    slug: "medicine-buddha-lamp",
    category: "lamp",
    title: l("药师延寿灯", "藥師延壽燈", "Medicine Buddha Lamp of Long Life"),
    summary: l(
      "供奉于药师殿，为家人祈求身体康健、少病少恼。",
      "供奉於藥師殿，為家人祈求身體康健、少病少惱。",
      "Offered in the Medicine Buddha hall, for health and freedom from illness.",
    ),
    description: paragraphs(
      [
        "药师佛发十二大愿，愿众生身心安乐。",
        "请填写受益人的姓名与出生日期，法师将在诵经时一一称念。",
      ],
      [
        "藥師佛發十二大願，願眾生身心安樂。",
        "請填寫受益人的姓名與出生日期，法師將在誦經時一一稱念。",
      ],
      [
        "The Medicine Buddha made twelve great vows for the well-being of all beings.",
        "Please give the beneficiary’s name and date of birth; the monks will name them during the chanting.",
      ],
    ),
    cover: cover("medicine-buddha-lamp"),
    monkSlug: "juean",
    asks: { beneficiary: true, wish: false, birthDate: true },
    options: [days(7, 6600), days(21, 16800), days(49, 36600)],
  },
  {
    slug: "morning-incense",
    category: "incense",
    title: l("祈福上香", "祈福上香", "Offer Incense"),
    summary: l(
      "由法师代为上香一炷，将您的心愿供于佛前。",
      "由法師代為上香一炷，將您的心願供於佛前。",
      "A monk offers incense on your behalf and places your wish before the Buddha.",
    ),
    description: paragraphs(
      [
        "上香表达恭敬与感恩，心诚则灵，不在香多。",
        "静远法师每日清晨代信众上香，并为您的心愿默念祈福。",
      ],
      [
        "上香表達恭敬與感恩，心誠則靈，不在香多。",
        "靜遠法師每日清晨代信眾上香，並為您的心願默念祈福。",
      ],
      [
        "Incense expresses respect and gratitude; sincerity matters, not the number of sticks.",
        "Every morning Master Jingyuan offers incense for believers and silently prays for each wish.",
      ],
    ),
    cover: cover("morning-incense"),
    monkSlug: "jingyuan",
    asks: { beneficiary: false, wish: true, birthDate: false },
    options: [days(1, 1990), days(7, 9900), days(49, 49900)],
  },
  {
    slug: "first-incense",
    category: "incense",
    title: l("新春头香", "新春頭香", "First Incense of the Year"),
    summary: l(
      "新年第一炷香，祈愿全年吉祥顺遂。",
      "新年第一炷香，祈願全年吉祥順遂。",
      "The first incense of the new year, for a whole year of good fortune.",
    ),
    description: paragraphs(
      [
        "头香于新年第一天清晨敬奉，寓意新岁开好头。",
        "寒山寺清和法师代为敬香，并将祈福名单供于钟楼。",
      ],
      [
        "頭香於新年第一天清晨敬奉，寓意新歲開好頭。",
        "寒山寺清和法師代為敬香，並將祈福名單供於鐘樓。",
      ],
      [
        "The first incense is offered at dawn on New Year’s Day, for a good beginning.",
        "Master Qinghe of Hanshan offers it for you and places the list of names in the bell tower.",
      ],
    ),
    cover: cover("first-incense"),
    monkSlug: "qinghe",
    asks: { beneficiary: true, wish: true, birthDate: false },
    options: [days(1, 8800), days(7, 38800)],
  },
  {
    slug: "diamond-sutra-chanting",
    category: "sutra",
    title: l("诵《金刚经》祈福", "誦《金剛經》祈福", "Diamond Sutra Chanting"),
    summary: l(
      "法师为您诵持《金刚经》，回向平安吉祥。",
      "法師為您誦持《金剛經》，迴向平安吉祥。",
      "Monks chant the Diamond Sutra for you and dedicate its merit to your peace.",
    ),
    description: paragraphs(
      [
        "《金刚经》讲“应无所住而生其心”，诵持可助人放下执著、安住当下。",
        "妙音法师领众诵经，每日一部，圆满后寄送回向文。",
      ],
      [
        "《金剛經》講「應無所住而生其心」，誦持可助人放下執著、安住當下。",
        "妙音法師領眾誦經，每日一部，圓滿後寄送迴向文。",
      ],
      [
        "The Diamond Sutra teaches a mind that dwells nowhere; chanting it helps us let go and rest in the present.",
        "Master Miaoyin leads one full recitation each day and sends the dedication text when complete.",
      ],
    ),
    cover: cover("diamond-sutra-chanting"),
    monkSlug: "miaoyin",
    asks: { beneficiary: true, wish: true, birthDate: true },
    options: [days(1, 6800), days(7, 39900), days(49, 199900)],
  },
  {
    slug: "heart-sutra-copy",
    category: "sutra",
    title: l(
      "抄经供养《心经》",
      "抄經供養《心經》",
      "Heart Sutra Copy Offering",
    ),
    summary: l(
      "法师手抄《心经》一部，供奉于藏经阁。",
      "法師手抄《心經》一部，供奉於藏經閣。",
      "A monk hand-copies the Heart Sutra for you and offers it in the sutra library.",
    ),
    description: paragraphs(
      [
        "抄经是修定修慧的功课，一笔一画皆是恭敬。",
        "经本末页将写上您的祈福心愿，供奉期满后可寄送到家。",
      ],
      [
        "抄經是修定修慧的功課，一筆一畫皆是恭敬。",
        "經本末頁將寫上您的祈福心願，供奉期滿後可寄送到家。",
      ],
      [
        "Copying sutras trains calm and insight; every stroke is an act of respect.",
        "Your wish is written on the last page, and the copy can be posted to you after the offering period.",
      ],
    ),
    cover: cover("heart-sutra-copy"),
    monkSlug: "miaoyin",
    asks: { beneficiary: false, wish: true, birthDate: false },
    options: [days(7, 12800), days(21, 28800), days(49, 58800)],
  },
  {
    slug: "study-blessing",
    category: "prayer",
    title: l("学业祈福", "學業祈福", "Blessing for Studies"),
    summary: l(
      "为考生祈求心定智明、考试顺利。",
      "為考生祈求心定智明、考試順利。",
      "For students: a calm mind, a clear head and a smooth exam.",
    ),
    description: paragraphs(
      [
        "祈福期间法师将于文殊菩萨前为考生诵《文殊心咒》。",
        "请写下考生姓名与考试名称，我们会在考试当日特别回向。",
      ],
      [
        "祈福期間法師將於文殊菩薩前為考生誦《文殊心咒》。",
        "請寫下考生姓名與考試名稱，我們會在考試當日特別迴向。",
      ],
      [
        "During the blessing, monks chant Manjushri’s mantra for the student before the bodhisattva of wisdom.",
        "Give the student’s name and the exam, and we will make a special dedication on the day.",
      ],
    ),
    cover: cover("study-blessing"),
    monkSlug: "jingyuan",
    asks: { beneficiary: true, wish: true, birthDate: false },
    options: [days(7, 8800), days(49, 38800)],
  },
  {
    slug: "peace-blessing",
    category: "prayer",
    title: l("平安祈福", "平安祈福", "Blessing for Peace and Safety"),
    summary: l(
      "出行、工作、家宅平安，一份心愿交给法师。",
      "出行、工作、家宅平安，一份心願交給法師。",
      "Safe travels, steady work, a peaceful home — leave your wish with the monks.",
    ),
    description: paragraphs(
      [
        "德源法师每日为祈福名单诵《普门品》，祈愿观音菩萨护佑。",
        "祈福圆满后，可选择寄送开光平安符一枚。",
      ],
      [
        "德源法師每日為祈福名單誦《普門品》，祈願觀音菩薩護佑。",
        "祈福圓滿後，可選擇寄送開光平安符一枚。",
      ],
      [
        "Every day Master Deyuan chants the Universal Gate chapter for the names on the list, asking Guanyin’s protection.",
        "When the blessing is complete, you may have a consecrated safety charm posted to you.",
      ],
    ),
    cover: cover("peace-blessing"),
    monkSlug: "deyuan",
    asks: { beneficiary: true, wish: true, birthDate: false },
    options: [days(1, 1990), days(7, 9900), days(49, 59900)],
  },
  {
    slug: "life-release",
    category: "release",
    title: l("护生放生", "護生放生", "Life Release"),
    summary: l(
      "随喜每月初一放生法会，放归本地鱼苗。",
      "隨喜每月初一放生法會，放歸本地魚苗。",
      "Join the monthly release of native fish on the first day of the lunar month.",
    ),
    description: paragraphs(
      [
        "放生只选用本地物种，放流水域经过检测，如法护生。",
        "法会结束后，寺院将发送当日放生的照片与回向通知。",
      ],
      [
        "放生只選用本地物種，放流水域經過檢測，如法護生。",
        "法會結束後，寺院將發送當日放生的照片與迴向通知。",
      ],
      [
        "Only native species are released, into waters that have been checked, so that the release truly protects life.",
        "After the ceremony you receive pictures from the day and a dedication notice.",
      ],
    ),
    cover: cover("life-release"),
    monkSlug: "deyuan",
    asks: { beneficiary: true, wish: true, birthDate: false },
    options: [days(1, 3900), days(7, 19900), days(49, 99900)],
  },
  {
    slug: "blessing-plaque",
    category: "plaque",
    title: l("祈福牌", "祈福牌", "Blessing Plaque"),
    summary: l(
      "法师亲书祈福牌，悬挂于寒山寺祈福廊。",
      "法師親書祈福牌，懸掛於寒山寺祈福廊。",
      "A monk writes your blessing on a wooden plaque for Hanshan’s prayer corridor.",
    ),
    description: paragraphs(
      [
        "祈福牌以香樟木制成，正面书写祈福语，背面书写姓名与心愿。",
        "悬挂期满后，祈福牌将于年末随钟声一同焚化回向。",
      ],
      [
        "祈福牌以香樟木製成，正面書寫祈福語，背面書寫姓名與心願。",
        "懸掛期滿後，祈福牌將於年末隨鐘聲一同焚化迴向。",
      ],
      [
        "Plaques are camphor wood: a blessing on the front, your name and wish on the back.",
        "When the period ends, the plaques are burned at year’s end as the bell rings, dedicating their merit.",
      ],
    ),
    cover: cover("blessing-plaque"),
    monkSlug: "qinghe",
    asks: { beneficiary: true, wish: true, birthDate: true },
    options: [days(49, 16800), days(365, 66600)],
  },
];

// Demo temples and their monks (zh-CN, zh-TW, English). The temples are real places; the monks
// are fictional characters for the demo. Slugs are the stable keys the seed upserts by.
import type { Localized } from "../../lib/locale";
import { l, paragraphs } from "./localized";

export interface TempleSeed {
  slug: string;
  name: Localized;
  location: Localized;
  description: Localized;
  founded: Localized;
  cover: string;
}

export interface MonkSeed {
  slug: string;
  templeSlug: string;
  name: Localized;
  title: Localized;
  bio: Localized;
  avatar: string;
  specialties: Localized<string[]>;
  /** The demo account (by its imId) that is this monk's IM identity, if any. */
  accountImId?: string;
}

export const TEMPLES: readonly TempleSeed[] = [
  {
    slug: "lingyin",
    name: l("灵隐寺", "靈隱寺", "Lingyin Temple"),
    location: l(
      "浙江杭州 · 西湖飞来峰下",
      "浙江杭州 · 西湖飛來峰下",
      "Beneath Feilai Peak, West Lake, Hangzhou",
    ),
    description: l(
      "灵隐寺背靠北高峰、面朝飞来峰，林木幽深，古称“仙灵所隐”。寺内晨钟暮鼓、香火绵延，是江南禅宗名刹，也是许多人初识佛法的地方。",
      "靈隱寺背靠北高峰、面朝飛來峰，林木幽深，古稱「仙靈所隱」。寺內晨鐘暮鼓、香火綿延，是江南禪宗名剎，也是許多人初識佛法的地方。",
      "Sheltered by North Peak and facing Feilai Peak, Lingyin sits in deep woods whose old name means “where the spirits retreat”. Its morning bell and evening drum have sounded for centuries, and for many visitors it is where they first meet the Dharma.",
    ),
    founded: l(
      "东晋咸和元年（326 年）",
      "東晉咸和元年（326 年）",
      "326 CE, Eastern Jin dynasty",
    ),
    cover: "/images/temples/lingyin.svg",
  },
  {
    slug: "baima",
    name: l("白马寺", "白馬寺", "White Horse Temple"),
    location: l(
      "河南洛阳 · 洛河北岸",
      "河南洛陽 · 洛河北岸",
      "North bank of the Luo River, Luoyang",
    ),
    description: l(
      "白马寺被尊为“释源”“祖庭”，相传因白马驮经而得名。红墙古柏之间，齐云塔静立千年，见证佛法东传的第一段旅程。",
      "白馬寺被尊為「釋源」「祖庭」，相傳因白馬馱經而得名。紅牆古柏之間，齊雲塔靜立千年，見證佛法東傳的第一段旅程。",
      "Honoured as the “source of Buddhism” in China, the temple takes its name from the white horse said to have carried the first sutras here. Among red walls and old cypresses, the Qiyun Pagoda has stood witness to the Dharma’s first journey east.",
    ),
    founded: l(
      "东汉永平十一年（68 年）",
      "東漢永平十一年（68 年）",
      "68 CE, Eastern Han dynasty",
    ),
    cover: "/images/temples/baima.svg",
  },
  {
    slug: "hanshan",
    name: l("寒山寺", "寒山寺", "Hanshan Temple"),
    location: l(
      "江苏苏州 · 枫桥古镇",
      "江蘇蘇州 · 楓橋古鎮",
      "Fengqiao old town, Suzhou",
    ),
    description: l(
      "“姑苏城外寒山寺，夜半钟声到客船。”寒山寺临运河而立，钟声入诗千年。每逢除夕，听钟祈福的人们从四方而来。",
      "「姑蘇城外寒山寺，夜半鐘聲到客船。」寒山寺臨運河而立，鐘聲入詩千年。每逢除夕，聽鐘祈福的人們從四方而來。",
      "“Beyond the walls of Suzhou lies Hanshan Temple; its midnight bell reaches the travellers’ boat.” Standing by the Grand Canal, its bell has lived in poetry for a thousand years, and every New Year’s Eve people gather to hear it ring in blessings.",
    ),
    founded: l(
      "南朝梁天监年间（502–519 年）",
      "南朝梁天監年間（502–519 年）",
      "502–519 CE, Liang dynasty",
    ),
    cover: "/images/temples/hanshan.svg",
  },
];

export const MONKS: readonly MonkSeed[] = [
  {
    slug: "huiming",
    templeSlug: "lingyin",
    name: l("慧明法师", "慧明法師", "Master Huiming"),
    title: l("首座和尚", "首座和尚", "Head of the Meditation Hall"),
    bio: l(
      "慧明法师十九岁出家，参学于江南诸丛林二十余年，主持灵隐寺禅堂。法师讲法平实，常说“修行就在吃饭睡觉之间”，为信众主持光明灯与祈福法会。",
      "慧明法師十九歲出家，參學於江南諸叢林二十餘年，主持靈隱寺禪堂。法師講法平實，常說「修行就在吃飯睡覺之間」，為信眾主持光明燈與祈福法會。",
      "Master Huiming left home at nineteen and studied in the monasteries of Jiangnan for over twenty years before taking charge of Lingyin’s meditation hall. He teaches plainly — “practice lives between eating and sleeping” — and leads the light-offering and blessing ceremonies.",
    ),
    avatar: "/images/monks/huiming.svg",
    specialties: paragraphs(
      ["禅修指导", "光明灯供灯", "《金刚经》"],
      ["禪修指導", "光明燈供燈", "《金剛經》"],
      ["Meditation guidance", "Light offerings", "The Diamond Sutra"],
    ),
    accountImId: "demo_monk",
  },
  {
    slug: "jingyuan",
    templeSlug: "lingyin",
    name: l("静远法师", "靜遠法師", "Master Jingyuan"),
    title: l("知客师", "知客師", "Guest Master"),
    bio: l(
      "静远法师负责接待四方来客，擅长为初学者讲解礼佛仪轨。他耐心细致，许多第一次进寺的年轻人都在他那里学会了如何上香、如何发愿。",
      "靜遠法師負責接待四方來客，擅長為初學者講解禮佛儀軌。他耐心細緻，許多第一次進寺的年輕人都在他那裡學會了如何上香、如何發願。",
      "Master Jingyuan welcomes visitors from everywhere and is known for explaining temple etiquette to newcomers. Many young people entering a temple for the first time learned from him how to offer incense and how to make a vow.",
    ),
    avatar: "/images/monks/jingyuan.svg",
    specialties: paragraphs(
      ["礼佛仪轨", "上香祈福", "学业祈愿"],
      ["禮佛儀軌", "上香祈福", "學業祈願"],
      ["Temple etiquette", "Incense blessings", "Prayers for study"],
    ),
  },
  {
    slug: "juean",
    templeSlug: "baima",
    name: l("觉安法师", "覺安法師", "Master Jue’an"),
    title: l("监院", "監院", "Prior"),
    bio: l(
      "觉安法师主持白马寺日常寺务，精研唯识与戒律。他主持的药师法会以庄严著称，常为病中信众诵经回向，愿众生少病少恼。",
      "覺安法師主持白馬寺日常寺務，精研唯識與戒律。他主持的藥師法會以莊嚴著稱，常為病中信眾誦經迴向，願眾生少病少惱。",
      "Master Jue’an runs the daily life of the White Horse Temple and has long studied Yogācāra and the monastic precepts. His Medicine Buddha ceremonies are known for their solemnity, and he often chants for believers who are unwell.",
    ),
    avatar: "/images/monks/juean.svg",
    specialties: paragraphs(
      ["药师法会", "唯识学", "健康祈福"],
      ["藥師法會", "唯識學", "健康祈福"],
      ["Medicine Buddha rites", "Yogācāra studies", "Blessings for health"],
    ),
  },
  {
    slug: "miaoyin",
    templeSlug: "baima",
    name: l("妙音法师", "妙音法師", "Master Miaoyin"),
    title: l("维那师", "維那師", "Precentor"),
    bio: l(
      "妙音法师领众唱诵二十年，梵呗清越，被信众称为“白马寺的声音”。他负责早晚课诵与诵经祈福，也教授抄经与唱诵入门。",
      "妙音法師領眾唱誦二十年，梵唄清越，被信眾稱為「白馬寺的聲音」。他負責早晚課誦與誦經祈福，也教授抄經與唱誦入門。",
      "Master Miaoyin has led the assembly’s chanting for twenty years; believers call his clear voice “the sound of the White Horse Temple”. He leads morning and evening services and sutra-chanting blessings, and teaches sutra copying to beginners.",
    ),
    avatar: "/images/monks/miaoyin.svg",
    specialties: paragraphs(
      ["梵呗唱诵", "诵经祈福", "抄经"],
      ["梵唄唱誦", "誦經祈福", "抄經"],
      ["Buddhist chant", "Sutra-chanting blessings", "Sutra copying"],
    ),
  },
  {
    slug: "qinghe",
    templeSlug: "hanshan",
    name: l("清和法师", "清和法師", "Master Qinghe"),
    title: l("方丈侍者", "方丈侍者", "Attendant to the Abbot"),
    bio: l(
      "清和法师自幼在寒山寺长大，熟知寺史与钟楼掌故。每年除夕听钟声祈福活动由他协助筹办，他也为信众书写祈福牌与平安符。",
      "清和法師自幼在寒山寺長大，熟知寺史與鐘樓掌故。每年除夕聽鐘聲祈福活動由他協助籌辦，他也為信眾書寫祈福牌與平安符。",
      "Master Qinghe grew up at Hanshan Temple and knows every story of its bell tower. He helps organise the New Year’s Eve bell-ringing each year and writes blessing plaques and safe-journey charms for believers.",
    ),
    avatar: "/images/monks/qinghe.svg",
    specialties: paragraphs(
      ["祈福牌书写", "钟声祈福", "寺史讲解"],
      ["祈福牌書寫", "鐘聲祈福", "寺史講解"],
      ["Blessing plaques", "Bell blessings", "Temple history"],
    ),
  },
  {
    slug: "deyuan",
    templeSlug: "hanshan",
    name: l("德源法师", "德源法師", "Master Deyuan"),
    title: l("放生会主法", "放生會主法", "Leader of Life-Release Rites"),
    bio: l(
      "德源法师倡导如法、适地的护生放生，坚持只在适宜水域放归本地物种。他主持每月初一的放生法会，并向信众讲解慈悲护生的意义。",
      "德源法師倡導如法、適地的護生放生，堅持只在適宜水域放歸本地物種。他主持每月初一的放生法會，並向信眾講解慈悲護生的意義。",
      "Master Deyuan teaches responsible life release: only native species, only into suitable waters. He leads the release ceremony on the first day of each lunar month and explains to believers what compassion for living beings really asks of us.",
    ),
    avatar: "/images/monks/deyuan.svg",
    specialties: paragraphs(
      ["护生放生", "慈悲观", "平安祈福"],
      ["護生放生", "慈悲觀", "平安祈福"],
      ["Life release", "Loving-kindness meditation", "Blessings for safety"],
    ),
  },
];

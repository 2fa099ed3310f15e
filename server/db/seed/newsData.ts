// Demo news (15 items, so the list paginates) in zh-CN, zh-TW and English. Each item belongs
// to a temple by slug; images are our own SVGs under /images/news/.
import type { Localized } from "../../lib/locale";
import { l, paragraphs } from "./localized";

export interface NewsSeed {
  slug: string;
  templeSlug: string;
  title: Localized;
  summary: Localized;
  body: Localized<string[]>;
  cover: string;
  images: string[];
  publishedAt: string;
}

const img = (name: string) => `/images/news/${name}.svg`;

export const NEWS: readonly NewsSeed[] = [
  {
    slug: "hanshan-new-year-bell-2025",
    templeSlug: "hanshan",
    publishedAt: "2025-01-20T02:00:00Z",
    title: l(
      "寒山寺除夕听钟声祈福活动开放报名",
      "寒山寺除夕聽鐘聲祈福活動開放報名",
      "Registration opens for Hanshan’s New Year’s Eve bell",
    ),
    summary: l(
      "今年除夕夜，寒山寺将敲响一百零八响新年钟声，现场名额有限。",
      "今年除夕夜，寒山寺將敲響一百零八響新年鐘聲，現場名額有限。",
      "On New Year’s Eve the great bell will ring 108 times; places in the courtyard are limited.",
    ),
    body: paragraphs(
      [
        "除夕子时，寒山寺将依传统敲响一百零八响钟声，寓意消除一百零八种烦恼。",
        "现场名额有限，未能到场的信众可在线登记祈福名单，由法师在钟声中一并回向。",
      ],
      [
        "除夕子時，寒山寺將依傳統敲響一百零八響鐘聲，寓意消除一百零八種煩惱。",
        "現場名額有限，未能到場的信眾可在線登記祈福名單，由法師在鐘聲中一併迴向。",
      ],
      [
        "At midnight on New Year’s Eve the bell will ring 108 times, one for each of the afflictions tradition names.",
        "Places on site are limited. Believers who cannot come may register their names online, and the monks will dedicate the bell’s merit to them.",
      ],
    ),
    cover: img("bell"),
    images: [img("bell"), img("snow-temple")],
  },
  {
    slug: "lingyin-spring-lamp-2025",
    templeSlug: "lingyin",
    publishedAt: "2025-02-12T01:30:00Z",
    title: l(
      "灵隐寺元宵供灯法会圆满",
      "靈隱寺元宵供燈法會圓滿",
      "Lingyin’s Lantern Festival light offering concludes",
    ),
    summary: l(
      "千盏明灯照亮大雄宝殿，信众共祈新岁光明。",
      "千盞明燈照亮大雄寶殿，信眾共祈新歲光明。",
      "A thousand lamps lit the main hall as believers prayed for a bright new year.",
    ),
    body: paragraphs(
      [
        "元宵当晚，慧明法师带领僧众诵经供灯，千盏灯火在大殿前依次点亮。",
        "法会后，寺院将供灯功德回向给所有登记的信众及其家人。",
      ],
      [
        "元宵當晚，慧明法師帶領僧眾誦經供燈，千盞燈火在大殿前依次點亮。",
        "法會後，寺院將供燈功德迴向給所有登記的信眾及其家人。",
      ],
      [
        "On the night of the Lantern Festival, Master Huiming led the monks in chanting as a thousand lamps were lit one by one before the main hall.",
        "The merit of the offering has been dedicated to every registered believer and their families.",
      ],
    ),
    cover: img("lanterns"),
    images: [img("lanterns")],
  },
  {
    slug: "baima-bell-restoration",
    templeSlug: "baima",
    publishedAt: "2025-03-05T03:00:00Z",
    title: l(
      "白马寺古钟修缮完成，重新鸣响",
      "白馬寺古鐘修繕完成，重新鳴響",
      "White Horse Temple’s old bell rings again after restoration",
    ),
    summary: l(
      "历时半年的修缮后，明代古钟回到钟楼。",
      "歷時半年的修繕後，明代古鐘回到鐘樓。",
      "After six months of careful work, the Ming-era bell is back in its tower.",
    ),
    body: paragraphs(
      [
        "修缮团队清理了钟体锈蚀，加固了悬挂结构，保留了钟身上的全部铭文。",
        "古钟将在每日晨课前敲响，欢迎信众前来聆听。",
      ],
      [
        "修繕團隊清理了鐘體鏽蝕，加固了懸掛結構，保留了鐘身上的全部銘文。",
        "古鐘將在每日晨課前敲響，歡迎信眾前來聆聽。",
      ],
      [
        "Restorers removed the corrosion, strengthened the hanging frame and preserved every inscription on the bell.",
        "It will now ring before morning service each day; all are welcome to listen.",
      ],
    ),
    cover: img("bell"),
    images: [img("bell"), img("pagoda")],
  },
  {
    slug: "lingyin-tea-meditation",
    templeSlug: "lingyin",
    publishedAt: "2025-03-28T02:00:00Z",
    title: l(
      "春日禅茶一味体验营开营",
      "春日禪茶一味體驗營開營",
      "Spring tea-and-meditation retreat opens",
    ),
    summary: l(
      "在龙井茶香中学习静坐，两天一夜的禅修体验。",
      "在龍井茶香中學習靜坐，兩天一夜的禪修體驗。",
      "Two days of sitting meditation among the scent of Longjing tea.",
    ),
    body: paragraphs(
      [
        "体验营包括晨钟、早课、行禅、茶道与晚课，由慧明法师亲自指导静坐。",
        "营期内请勿携带电子设备进入禅堂，寺院提供素斋与住宿。",
      ],
      [
        "體驗營包括晨鐘、早課、行禪、茶道與晚課，由慧明法師親自指導靜坐。",
        "營期內請勿攜帶電子設備進入禪堂，寺院提供素齋與住宿。",
      ],
      [
        "The retreat follows the temple day — morning bell, service, walking meditation, tea and evening service — with sitting practice guided by Master Huiming.",
        "Please leave devices outside the meditation hall. Vegetarian meals and lodging are provided.",
      ],
    ),
    cover: img("tea"),
    images: [img("tea"), img("meditation")],
  },
  {
    slug: "hanshan-qingming",
    templeSlug: "hanshan",
    publishedAt: "2025-04-02T01:00:00Z",
    title: l(
      "清明追思法会通知",
      "清明追思法會通知",
      "Qingming remembrance ceremony",
    ),
    summary: l(
      "清明期间举行三时系念法会，为先人祈福超荐。",
      "清明期間舉行三時繫念法會，為先人祈福超薦。",
      "A three-session remembrance rite will be held for ancestors during Qingming.",
    ),
    body: paragraphs(
      [
        "法会将于清明节当日上午举行，信众可为已故亲人立牌供奉。",
        "无法到场的信众可在线登记，法会结束后寺院将寄送回向文。",
      ],
      [
        "法會將於清明節當日上午舉行，信眾可為已故親人立牌供奉。",
        "無法到場的信眾可在線登記，法會結束後寺院將寄送迴向文。",
      ],
      [
        "The ceremony takes place on the morning of Qingming; believers may set up memorial tablets for departed relatives.",
        "Those unable to attend can register online and will receive the dedication text afterwards.",
      ],
    ),
    cover: img("incense"),
    images: [img("incense")],
  },
  {
    slug: "baima-peony-season",
    templeSlug: "baima",
    publishedAt: "2025-04-18T02:30:00Z",
    title: l(
      "洛阳牡丹花开，白马寺迎来游园季",
      "洛陽牡丹花開，白馬寺迎來遊園季",
      "Peony season arrives at the White Horse Temple",
    ),
    summary: l(
      "寺内牡丹盛放，延长开放时间至傍晚六点。",
      "寺內牡丹盛放，延長開放時間至傍晚六點。",
      "The peonies are in bloom and opening hours are extended to 6 pm.",
    ),
    body: paragraphs(
      [
        "牡丹花期内，寺院每日开放至十八时，并安排义工导览。",
        "请文明赏花，勿攀折花木，共同守护寺院清净。",
      ],
      [
        "牡丹花期內，寺院每日開放至十八時，並安排義工導覽。",
        "請文明賞花，勿攀折花木，共同守護寺院清淨。",
      ],
      [
        "During the peony season the temple stays open until 6 pm daily, with volunteer guides on hand.",
        "Please enjoy the flowers without picking them, and help keep the grounds peaceful.",
      ],
    ),
    cover: img("lotus"),
    images: [img("lotus"), img("pagoda")],
  },
  {
    slug: "lingyin-buddha-birthday",
    templeSlug: "lingyin",
    publishedAt: "2025-05-05T01:00:00Z",
    title: l(
      "浴佛节法会盛况",
      "浴佛節法會盛況",
      "Buddha’s Birthday bathing ceremony",
    ),
    summary: l(
      "农历四月初八，数千信众以香汤沐浴太子像。",
      "農曆四月初八，數千信眾以香湯沐浴太子像。",
      "On the eighth day of the fourth lunar month, thousands bathed the image of the infant Buddha.",
    ),
    body: paragraphs(
      [
        "浴佛象征洗涤心垢，寺院为每位参与者准备了结缘的香汤与素粽。",
        "法会由首座慧明法师主法，现场秩序井然。",
      ],
      [
        "浴佛象徵洗滌心垢，寺院為每位參與者準備了結緣的香湯與素粽。",
        "法會由首座慧明法師主法，現場秩序井然。",
      ],
      [
        "Bathing the Buddha symbolises washing the mind clean; every participant received scented water and vegetarian rice dumplings.",
        "The ceremony was led by Master Huiming and passed in calm good order.",
      ],
    ),
    cover: img("lotus"),
    images: [img("lotus"), img("incense")],
  },
  {
    slug: "hanshan-life-release-june",
    templeSlug: "hanshan",
    publishedAt: "2025-06-01T00:30:00Z",
    title: l(
      "六月护生放生法会：只放本地物种",
      "六月護生放生法會：只放本地物種",
      "June life-release ceremony: native species only",
    ),
    summary: l(
      "德源法师与水产专家共同确定放生水域与品种。",
      "德源法師與水產專家共同確定放生水域與品種。",
      "Master Deyuan chose the waters and species together with fisheries experts.",
    ),
    body: paragraphs(
      [
        "本次放生的鲫鱼与鳙鱼均为本地苗种，放流点经过水质检测。",
        "法师提醒：放生贵在护生，切勿购买外来物种随意放养。",
      ],
      [
        "本次放生的鯽魚與鱅魚均為本地苗種，放流點經過水質檢測。",
        "法師提醒：放生貴在護生，切勿購買外來物種隨意放養。",
      ],
      [
        "The crucian and bighead carp released are local stock, and the release point was checked for water quality.",
        "The Master reminds us that release is about protecting life: never buy non-native species to set free.",
      ],
    ),
    cover: img("river"),
    images: [img("river")],
  },
  {
    slug: "baima-sutra-copying-class",
    templeSlug: "baima",
    publishedAt: "2025-06-21T02:00:00Z",
    title: l(
      "周末抄经班招募学员",
      "週末抄經班招募學員",
      "Weekend sutra-copying class welcomes students",
    ),
    summary: l(
      "妙音法师带领抄写《心经》，笔墨纸砚由寺院提供。",
      "妙音法師帶領抄寫《心經》，筆墨紙硯由寺院提供。",
      "Master Miaoyin leads the copying of the Heart Sutra; brushes and paper are provided.",
    ),
    body: paragraphs(
      [
        "每期四周，每周六上午九点开课，零基础亦可参加。",
        "学员完成的经本可供奉于藏经阁，或带回家中留念。",
      ],
      [
        "每期四週，每週六上午九點開課，零基礎亦可參加。",
        "學員完成的經本可供奉於藏經閣，或帶回家中留念。",
      ],
      [
        "Each course runs four Saturdays from 9 am; no experience is needed.",
        "Finished copies may be offered to the sutra library or taken home.",
      ],
    ),
    cover: img("calligraphy"),
    images: [img("calligraphy")],
  },
  {
    slug: "lingyin-summer-retreat",
    templeSlug: "lingyin",
    publishedAt: "2025-07-10T01:00:00Z",
    title: l(
      "青年暑期禅修营圆满结营",
      "青年暑期禪修營圓滿結營",
      "Youth summer meditation retreat concludes",
    ),
    summary: l(
      "一百二十名大学生在寺中度过七天，学习静坐与出坡劳作。",
      "一百二十名大學生在寺中度過七天，學習靜坐與出坡勞作。",
      "120 university students spent seven days sitting, working and learning at the temple.",
    ),
    body: paragraphs(
      [
        "营员们每天四点半起床，参加早课、坐禅与茶园劳作。",
        "结营时，许多营员表示学会了“慢下来”，与家人的关系也更亲近。",
      ],
      [
        "營員們每天四點半起床，參加早課、坐禪與茶園勞作。",
        "結營時，許多營員表示學會了「慢下來」，與家人的關係也更親近。",
      ],
      [
        "Participants rose at 4:30 each day for service, sitting meditation and work in the tea garden.",
        "At the closing, many said they had learned to slow down — and felt closer to their families.",
      ],
    ),
    cover: img("meditation"),
    images: [img("meditation"), img("mountain")],
  },
  {
    slug: "baima-ullambana",
    templeSlug: "baima",
    publishedAt: "2025-08-30T01:00:00Z",
    title: l(
      "盂兰盆法会：孝亲报恩",
      "盂蘭盆法會：孝親報恩",
      "Ullambana: honouring parents and ancestors",
    ),
    summary: l(
      "七月十五举行盂兰盆供，为父母祈福、为先人超荐。",
      "七月十五舉行盂蘭盆供，為父母祈福、為先人超薦。",
      "On the fifteenth day of the seventh month, offerings are made for parents and ancestors.",
    ),
    body: paragraphs(
      [
        "法会由觉安法师主法，内容包括诵《盂兰盆经》、供僧与放焰口。",
        "信众可为在世父母登记消灾延寿，为已故亲人登记往生超荐。",
      ],
      [
        "法會由覺安法師主法，內容包括誦《盂蘭盆經》、供僧與放焰口。",
        "信眾可為在世父母登記消災延壽，為已故親人登記往生超薦。",
      ],
      [
        "Led by Master Jue’an, the ceremony includes chanting the Ullambana Sutra, offerings to the Sangha and the feeding of hungry ghosts.",
        "Believers may register living parents for long life and departed relatives for a good rebirth.",
      ],
    ),
    cover: img("incense"),
    images: [img("incense"), img("lanterns")],
  },
  {
    slug: "hanshan-mid-autumn",
    templeSlug: "hanshan",
    publishedAt: "2025-10-06T10:00:00Z",
    title: l(
      "中秋枫桥赏月诵经会",
      "中秋楓橋賞月誦經會",
      "Mid-Autumn moon-viewing and chanting at Maple Bridge",
    ),
    summary: l(
      "月圆之夜，僧俗同诵《普门品》，祈愿家家团圆。",
      "月圓之夜，僧俗同誦《普門品》，祈願家家團圓。",
      "Under the full moon, monks and lay people chanted the Universal Gate chapter for family reunion.",
    ),
    body: paragraphs(
      [
        "诵经会在枫桥畔举行，清和法师为大家讲述寒山与拾得的故事。",
        "寺院准备了素月饼与桂花茶，与信众结缘。",
      ],
      [
        "誦經會在楓橋畔舉行，清和法師為大家講述寒山與拾得的故事。",
        "寺院準備了素月餅與桂花茶，與信眾結緣。",
      ],
      [
        "The gathering took place by Maple Bridge, where Master Qinghe told the story of the poets Hanshan and Shide.",
        "The temple shared vegetarian mooncakes and osmanthus tea with everyone.",
      ],
    ),
    cover: img("moon"),
    images: [img("moon"), img("river")],
  },
  {
    slug: "lingyin-medicine-buddha",
    templeSlug: "lingyin",
    publishedAt: "2025-10-25T01:00:00Z",
    title: l(
      "药师灯祈福：为家人点一盏长明灯",
      "藥師燈祈福：為家人點一盞長明燈",
      "Medicine Buddha lamps: a light for your family",
    ),
    summary: l(
      "入秋以来，登记药师灯为家人祈求健康的信众明显增多。",
      "入秋以來，登記藥師燈為家人祈求健康的信眾明顯增多。",
      "Since autumn began, more believers have lit Medicine Buddha lamps for their families’ health.",
    ),
    body: paragraphs(
      [
        "药师灯供奉于药师殿，由法师每日早晚课诵经回向。",
        "信众可在线选择七日、二十一日或四十九日供灯，并填写祈福对象。",
      ],
      [
        "藥師燈供奉於藥師殿，由法師每日早晚課誦經迴向。",
        "信眾可在線選擇七日、二十一日或四十九日供燈，並填寫祈福對象。",
      ],
      [
        "The lamps burn in the Medicine Buddha hall, and the monks dedicate their chanting to them every morning and evening.",
        "Believers can choose 7, 21 or 49 days online and name the person they pray for.",
      ],
    ),
    cover: img("lanterns"),
    images: [img("lanterns")],
  },
  {
    slug: "baima-winter-porridge",
    templeSlug: "baima",
    publishedAt: "2025-11-15T00:00:00Z",
    title: l(
      "冬日施粥：腊八前的温暖",
      "冬日施粥：臘八前的溫暖",
      "Winter porridge for the neighbourhood",
    ),
    summary: l(
      "寺院每周日清晨在山门外施粥，欢迎义工报名。",
      "寺院每週日清晨在山門外施粥，歡迎義工報名。",
      "Every Sunday morning the temple serves porridge at its gate; volunteers are welcome.",
    ),
    body: paragraphs(
      [
        "施粥活动将持续到腊八节，所用米豆均来自信众供养。",
        "义工需提前一天报名，并于早上六点到香积厨集合。",
      ],
      [
        "施粥活動將持續到臘八節，所用米豆均來自信眾供養。",
        "義工需提前一天報名，並於早上六點到香積廚集合。",
      ],
      [
        "The porridge continues until the Laba festival; all rice and beans are offered by believers.",
        "Volunteers should sign up a day ahead and meet at the temple kitchen at 6 am.",
      ],
    ),
    cover: img("snow-temple"),
    images: [img("snow-temple")],
  },
  {
    slug: "hanshan-online-blessings",
    templeSlug: "hanshan",
    publishedAt: "2025-12-01T02:00:00Z",
    title: l(
      "福缘线上祈福服务上线",
      "福緣線上祈福服務上線",
      "Fuyuan online blessings now available",
    ),
    summary: l(
      "远方的信众也可以在线供灯、上香，并与法师交流。",
      "遠方的信眾也可以在線供燈、上香，並與法師交流。",
      "Believers far away can now offer lamps and incense online and talk with the monks.",
    ),
    body: paragraphs(
      [
        "通过福缘，信众可以选择寺院与法师，登记祈福内容，并收到法事完成的回向通知。",
        "每一笔供养都会如法使用，寺院会定期公示功德款去向。",
      ],
      [
        "透過福緣，信眾可以選擇寺院與法師，登記祈福內容，並收到法事完成的迴向通知。",
        "每一筆供養都會如法使用，寺院會定期公示功德款去向。",
      ],
      [
        "With Fuyuan, believers can choose a temple and a monk, register their blessing, and be told when the rite has been performed.",
        "Every offering is used as the Dharma asks, and the temples publish regular accounts of how donations are spent.",
      ],
    ),
    cover: img("mountain"),
    images: [img("mountain"), img("pagoda")],
  },
];

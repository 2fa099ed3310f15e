// Helpers for the temple's-side tests (#22): a paid order of the demo monk's service, the demo
// staff and monk signed in, a second monk with no services, and the chat messages an owner got.
import { and, asc, eq } from "drizzle-orm";
import { imMessages, monks, temples, users } from "../../../server/db/schema";
import type { TestServer } from "../../support/server/testServer";
import {
  type CommerceServer,
  type Customer,
  DEMO_PHONES,
  get,
  payThroughCashier,
  post,
  signIn,
} from "../orders/commerceApi";

export interface TempleTeam {
  staff: Customer;
  monk: Customer;
  otherMonk: Customer;
  manager: Customer;
}

/** The demo staff, monk and manager, and a fresh account made a monk of no service. */
export async function templeTeam(server: CommerceServer): Promise<TempleTeam> {
  const staff = await signIn(server, DEMO_PHONES.service);
  const monk = await signIn(server, DEMO_PHONES.monk);
  const manager = await signIn(server, DEMO_PHONES.manager);
  const otherMonk = await signIn(server);
  await server.db
    .update(users)
    .set({ isMonk: 1 })
    .where(eq(users.id, otherMonk.userId));
  const [temple] = await server.db
    .select({ id: temples.id })
    .from(temples)
    .limit(1);
  await server.db.insert(monks).values({
    slug: `monk-${otherMonk.userId}`,
    templeId: temple!.id,
    userId: otherMonk.userId,
    name: { cn: "无名", tw: "無名", en: "Nameless" },
    title: { cn: "", tw: "", en: "" },
    bio: { cn: "", tw: "", en: "" },
    avatar: "/images/monks/huiming.svg",
    specialties: { cn: [], tw: [], en: [] },
  });
  return { staff, monk, otherMonk, manager };
}

interface ProductDetail {
  id: number;
  options: { id: number }[];
  asks: { beneficiary: boolean; wish: boolean; birthDate: boolean };
  monk: { imId: string | null } | null;
}

/** Orders (and pays for) a service of the demo monk; answers the order detail. */
export async function paidOrderOfDemoMonk(
  server: TestServer,
  who: Customer,
): Promise<{ masterId: number; masterOrderNo: string; totalFen: number }> {
  const list = (await get(server, "oapi/v1/products?pageSize=50")).body.data
    .list as { id: number }[];
  let product: ProductDetail | undefined;
  for (const card of list) {
    const detail = (await get(server, `oapi/v1/products/${card.id}`)).body
      .data as ProductDetail;
    if (detail.monk?.imId === "demo_monk") {
      product = detail;
      break;
    }
  }
  if (product === undefined) throw new Error("no product of the demo monk");
  const created = await post(
    server,
    "order/v1/create",
    {
      productId: product.id,
      optionId: product.options[0]!.id,
      quantity: 1,
      ...(product.asks.beneficiary ? { beneficiaryName: "王小明" } : {}),
      ...(product.asks.wish ? { wish: "愿家人平安" } : {}),
      ...(product.asks.birthDate ? { birthDate: "1990-01-01" } : {}),
    },
    who,
  );
  if (created.status !== 200)
    throw new Error(`order/v1/create: ${created.status} ${created.body.msg}`);
  const order = created.body.data;
  const paid = await payThroughCashier(server, who, order.masterId);
  if (paid.status >= 400) throw new Error(`cashier answered ${paid.status}`);
  return order;
}

/** The text messages `uid` received, oldest first, with their payloads parsed. */
export async function messagesTo(
  server: TestServer,
  uid: string,
): Promise<{ fromUid: string; payload: Record<string, any> }[]> {
  const rows = await server.db
    .select({ fromUid: imMessages.fromUid, payload: imMessages.payload })
    .from(imMessages)
    .where(and(eq(imMessages.toUid, uid)))
    .orderBy(asc(imMessages.id));
  return rows.map((row) => ({
    fromUid: row.fromUid,
    payload: JSON.parse(row.payload) as Record<string, any>,
  }));
}

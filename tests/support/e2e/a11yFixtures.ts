// Real data for the accessibility and keyboard tests, made through the server's own API: seeded
// ids (a monk, a product), orders the demo user places (one paid through the emulator cashier so
// its wish is on the blessing wall and staff can send its prayer agreement, one left unpaid) and a
// chat with the service staff holding the user's text, the staff's reply and an image. Test support.
import type { Page } from "playwright-core";
import { call, signInWithPhone as apiSignIn } from "../server/accountsApi";
import { uploadImage } from "../server/uploadImage";
import { apiAs, DEMO_USER, SERVICE_STAFF } from "./chat";

interface ProductCard {
  id: number;
}
interface Product {
  id: number;
  options: { id: number }[];
  asks: { beneficiary: boolean; wish: boolean; birthDate: boolean };
}
interface OrderDetail {
  masterOrderNo: string;
}
interface Blessing {
  id: number;
  wish: string;
}

export interface SeededIds {
  monkId: number;
  productId: number;
  blessingId: number;
  /** An unpaid order of the demo user (its page shows the pay button). */
  pendingOrderNo: string;
  /** The emulator cashier of the unpaid order. */
  cashierUrl: string;
  /** The prayer agreement the service staff sent for the paid order. */
  agreementId: number;
}

/** The signed-in page's text once the thread has these messages (the user's text, the reply). */
export const CHAT_TEXTS = {
  fromUser: "师父您好，想请一盏光明灯",
  fromStaff: "好的，已为您安排",
};

/** A server URL Node's fetch reaches (the browser uses `localhost`, Node may try ::1 first). */
function nodeUrl(baseUrl: string): string {
  return baseUrl.replace("//localhost:", "//127.0.0.1:");
}

async function publicGet<T>(baseUrl: string, path: string): Promise<T> {
  const response = await call<T>({ baseUrl: nodeUrl(baseUrl) }, "GET", path);
  if (response.status !== 200)
    throw new Error(`${path}: ${response.status} ${response.body.msg}`);
  return response.body.data;
}

/** Order body for `product` with every field it asks for filled in. */
function orderFor(product: Product, wish: string, showOnWall: boolean) {
  const option = product.options[0];
  if (option === undefined)
    throw new Error(`product ${product.id} has no options`);
  return {
    productId: product.id,
    optionId: option.id,
    quantity: 1,
    ...(product.asks.beneficiary ? { beneficiaryName: "张三丰" } : {}),
    ...(product.asks.wish ? { wish } : {}),
    ...(product.asks.birthDate ? { birthDate: "1990-01-01" } : {}),
    showOnWall,
  };
}

const staffTokens = new Map<string, Promise<string>>();

/** The service staff's access token on this server (one sign-in: codes are limited to 1 a minute). */
function staffToken(baseUrl: string): Promise<string> {
  let token = staffTokens.get(baseUrl);
  if (token === undefined) {
    token = apiSignIn({ baseUrl: nodeUrl(baseUrl) }, SERVICE_STAFF.phone).then(
      (tokens) => tokens.app_token,
    );
    staffTokens.set(baseUrl, token);
  }
  return token;
}

/** Approves a payment at the emulator cashier the way its form does (a plain form POST). */
export async function approveAtCashier(
  baseUrl: string,
  cashierUrl: string,
): Promise<void> {
  const prepayId = new URL(cashierUrl, baseUrl).searchParams.get("prepay_id");
  if (prepayId === null) throw new Error(`no prepay_id in ${cashierUrl}`);
  const response = await fetch(`${nodeUrl(baseUrl)}/dev/pay/approve`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ prepay_id: prepayId, return: "/" }).toString(),
  });
  if (response.status !== 200)
    throw new Error(
      `cashier approve: ${response.status} ${await response.text()}`,
    );
}

/**
 * Creates the data behind the dynamic pages with `page` signed in as the demo user: returns the
 * ids the route table needs.
 */
export async function seedForScans(
  page: Page,
  baseUrl: string,
): Promise<SeededIds> {
  const temples = await publicGet<{ list: { monks: { id: number }[] }[] }>(
    baseUrl,
    "oapi/v1/temples?locale=cn",
  );
  const monkId = temples.list.flatMap((t) => t.monks)[0]?.id;
  if (monkId === undefined) throw new Error("no seeded monk");
  const cards = await publicGet<{ list: ProductCard[] }>(
    baseUrl,
    "oapi/v1/products?locale=cn&page=1&pageSize=10",
  );
  const productId = cards.list[0]?.id;
  if (productId === undefined) throw new Error("no seeded product");
  const product = await publicGet<Product>(
    baseUrl,
    `oapi/v1/products/${productId}?locale=cn`,
  );

  // A paid order whose wish goes on the wall: the blessing pages need one.
  const wish = "愿家人平安喜乐";
  const paid = await apiAs<OrderDetail>(page, "order/v1/create?locale=cn", {
    method: "POST",
    body: orderFor(product, wish, true),
  });
  const paidPay = await apiAs<{ codeUrl: string }>(page, "pay/v1/native", {
    method: "POST",
    body: { masterOrderNo: paid.masterOrderNo },
  });
  await approveAtCashier(baseUrl, paidPay.codeUrl);
  let blessingId: number | undefined;
  for (let tries = 0; blessingId === undefined; tries++) {
    const wall = await publicGet<{ list: Blessing[] }>(
      baseUrl,
      "oapi/v1/blessings?locale=cn&page=1&pageSize=10",
    );
    blessingId = wall.list.find((b) => b.wish === wish)?.id;
    if (blessingId === undefined && tries > 50)
      throw new Error("the paid order's wish never reached the blessing wall");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const pending = await apiAs<OrderDetail>(page, "order/v1/create?locale=cn", {
    method: "POST",
    body: orderFor(product, "愿学业进步", false),
  });
  const pendingPay = await apiAs<{ codeUrl: string }>(page, "pay/v1/native", {
    method: "POST",
    body: { masterOrderNo: pending.masterOrderNo },
  });

  const staff = await staffToken(baseUrl);
  const agreement = await call<{ agreementId: number }>(
    { baseUrl: nodeUrl(baseUrl) },
    "POST",
    "prayer/v1/sendAgreement",
    { token: staff, body: { masterOrderNo: paid.masterOrderNo } },
  );
  if (agreement.status !== 200)
    throw new Error(`sendAgreement: ${agreement.status} ${agreement.body.msg}`);

  return {
    monkId,
    productId,
    blessingId,
    pendingOrderNo: pending.masterOrderNo,
    cashierUrl: pendingPay.codeUrl,
    agreementId: agreement.body.data.agreementId,
  };
}

/**
 * A conversation between the demo user (signed in on `page`) and the service staff: the user's
 * text, then the staff's text reply and an image, sent through the HTTP send API.
 */
export async function seedServiceChat(
  page: Page,
  baseUrl: string,
): Promise<void> {
  await apiAs(page, "wuKong/v1/serviceSend", {
    method: "POST",
    body: { payload: { type: 1, content: CHAT_TEXTS.fromUser } },
  });
  const server = { baseUrl: nodeUrl(baseUrl) };
  const staff = await staffToken(baseUrl);
  const send = async (payload: Record<string, unknown>) => {
    const sent = await call(server, "POST", "wuKong/v1/sendMessage", {
      token: staff,
      body: { channel_id: DEMO_USER.imId, channel_type: 1, payload },
    });
    if (sent.status !== 200)
      throw new Error(`staff send: ${sent.status} ${sent.body.msg}`);
  };
  await send({ type: 1, content: CHAT_TEXTS.fromStaff });
  // NOTE: an image message may link only to a file uploaded here (#19 item 5).
  const image = await uploadImage(server.baseUrl, staff, 320, 200);
  await send({ type: 2, ...image });
}

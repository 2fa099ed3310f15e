// Helpers for the order-related server tests: a server with a movable clock and no scheduled
// sweeps, signed-in customers (fresh phone numbers, one IP each), JSON calls with their token,
// demo products looked up by what they ask for, and paying through the emulator's cashier.
import { eq } from "drizzle-orm";
import { users } from "../../../server/db/schema";
import type { CommerceHandle } from "../../../server/http/domainPlugin";
import { call, signInWithPhone } from "../../support/server/accountsApi";
import { testClock, type TestClock } from "../../support/testClock";
import type { TestDatabaseKind } from "../../support/server/testDb";
import {
  startTestServer,
  type TestServer,
  type TestServerOptions,
} from "../../support/server/testServer";
import type { JsonResponse } from "../apiClient";

export interface Customer {
  token: string;
  userId: number;
  imId: string;
  phone: string;
}

export interface CommerceServer extends TestServer {
  clock: TestClock;
}

/** The server's order sweeper and payment services (also reachable as `app.commerce`). */
export function commerceOf(server: TestServer): CommerceHandle {
  return server.app.commerce;
}

let ipCounter = 0;
let phoneCounter = Math.floor(Math.random() * 1_000_000);

export async function startCommerceServer(
  database: TestDatabaseKind,
  options: TestServerOptions = {},
): Promise<CommerceServer> {
  const clock = testClock();
  const server = await startTestServer({
    database,
    clock,
    ...options,
    env: { TRUST_PROXY: "on", ORDER_SWEEP_SECONDS: "0", ...options.env },
  });
  return Object.assign(server, { clock });
}

export function freshPhone(): string {
  phoneCounter = (phoneCounter + 7919) % 100_000_000;
  return `137${String(phoneCounter).padStart(8, "0")}`;
}

/** Signs in (creating the account for a new number) and reads who that is. */
export async function signIn(
  server: TestServer,
  phone: string = freshPhone(),
): Promise<Customer> {
  ipCounter++;
  const ip = `10.${(ipCounter >> 8) & 255}.${ipCounter & 255}.7`;
  const tokens = await signInWithPhone(server, phone, { ip });
  const [row] = await server.db
    .select()
    .from(users)
    .where(eq(users.phone, phone));
  if (row === undefined) throw new Error(`no account for ${phone}`);
  return { token: tokens.app_token, userId: row.id, imId: row.imId, phone };
}

export const DEMO_PHONES = {
  user: "13800000001",
  service: "13800000002",
  monk: "13800000003",
  manager: "13800000004",
} as const;

export function get<T = any>(
  server: TestServer,
  path: string,
  who?: Customer,
): Promise<JsonResponse<T>> {
  return call<T>(
    server,
    "GET",
    path,
    who === undefined ? {} : { token: who.token },
  );
}

export function post<T = any>(
  server: TestServer,
  path: string,
  body: unknown,
  who?: Customer,
): Promise<JsonResponse<T>> {
  return call<T>(server, "POST", path, {
    body,
    ...(who === undefined ? {} : { token: who.token }),
  });
}

export interface DemoProduct {
  id: number;
  options: { id: number; priceFen: number; days: number }[];
  asks: { beneficiary: boolean; wish: boolean; birthDate: boolean };
  monk: { imId: string | null } | null;
}

/** The first demo product whose asks match exactly. */
export async function productAsking(
  server: TestServer,
  asks: DemoProduct["asks"],
): Promise<DemoProduct> {
  const list = (await get(server, "oapi/v1/products?pageSize=50")).body.data
    .list as { id: number }[];
  for (const card of list) {
    const product = (await get(server, `oapi/v1/products/${card.id}`)).body
      .data as DemoProduct;
    if (JSON.stringify(product.asks) === JSON.stringify(asks)) return product;
  }
  throw new Error(`no demo product asks ${JSON.stringify(asks)}`);
}

/** Orders the "bright lamp"-like product (asks beneficiary and wish). */
export async function placeOrder(
  server: TestServer,
  who: Customer,
  overrides: Record<string, unknown> = {},
): Promise<any> {
  const product = await productAsking(server, {
    beneficiary: true,
    wish: true,
    birthDate: false,
  });
  const created = await post(
    server,
    "order/v1/create",
    {
      productId: product.id,
      optionId: product.options[0]!.id,
      quantity: 2,
      beneficiaryName: "王小明",
      wish: "愿家人平安健康",
      showOnWall: true,
      ...overrides,
    },
    who,
  );
  if (created.status !== 200)
    throw new Error(`order/v1/create: ${created.status} ${created.body.msg}`);
  return created.body.data;
}

/** Pays an order the way a desktop user does: Native code_url → emulator cashier → Approve. */
export async function payThroughCashier(
  server: TestServer,
  who: Customer,
  masterId: number,
): Promise<Response> {
  const native = await post(server, "pay/v1/native", { masterId }, who);
  if (native.status !== 200)
    throw new Error(`pay/v1/native: ${native.status} ${native.body.msg}`);
  const cashier = new URL(native.body.data.codeUrl as string);
  const prepayId = cashier.searchParams.get("prepay_id") ?? "";
  return fetch(new URL("/dev/pay/approve", server.baseUrl), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      prepay_id: prepayId,
      return: "/orders",
    }).toString(),
  });
}

/**
 * A commerce server for the enclosing describe with a signed-in customer, Alice: read both
 * inside tests. `options` is called in beforeAll, after hooks registered before this one.
 */
export function useCommerceServer(
  database: TestDatabaseKind,
  options: () => TestServerOptions = () => ({}),
): { server: CommerceServer; alice: Customer } {
  const world = {} as { server: CommerceServer; alice: Customer };
  beforeAll(async () => {
    world.server = await startCommerceServer(database, options());
    world.alice = await signIn(world.server);
  });
  afterAll(() => world.server.close());
  return world;
}

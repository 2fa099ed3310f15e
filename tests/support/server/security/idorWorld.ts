// The IDOR matrix's world: a real server with Alice (the owner, whose objects everyone else
// tries), Bob (another customer), Carol (Alice's chat peer), Dave (a newcomer), service staff and
// a monk; Alice's orders, agreement, upload, messages, reminder, sign-ups and application; and
// the strings that would betray her data in someone else's answer.
import { createECDH, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { imReminders, users } from "../../../../server/db/schema";
import { transitionOrder } from "../../../../server/domain/orders/transitionOrder";
import type { TestDatabaseKind } from "../testDb";
import { png } from "../../../server/files/imageFixtures";
import {
  type CommerceServer,
  type Customer,
  DEMO_PHONES,
  type DemoProduct,
  get,
  signIn,
  startCommerceServer,
} from "../../../server/orders/commerceApi";

/** One answer as the probes see it, with what was sent (an echo of one's own input is no leak). */
export interface Reply {
  status: number;
  /** The raw response body. */
  text: string;
  /** The request line and body, as sent. */
  sent: string;
}

/** A secret of Alice's: text that must not reach anyone else (unless a probe declares it public). */
export interface Secret {
  label: SecretLabel;
  value: string;
}

export type SecretLabel =
  | "phone"
  | "email"
  | "nickname"
  | "imId"
  | "inviteCode"
  | "masterOrderNo"
  | "paidOrderNo"
  | "agreementOrderNo"
  | "amount"
  | "beneficiaryName"
  | "wish"
  | "fileName"
  | "clientMsgNo"
  | "messageText"
  | "fateName"
  | "fateWish"
  | "managerName"
  | "managerReason"
  | "pushEndpoint"
  | "inviteeNickname"
  | "inviteeMaskedName";

export interface AliceObjects {
  /** A pending (unpaid) order. */
  pending: { masterId: number; masterOrderNo: string; totalFen: number };
  /** A paid order without an agreement, not on the blessing wall, of a service not the demo monk's. */
  paid: { masterId: number; masterOrderNo: string };
  /** A paid order whose agreement staff sent (unsigned). */
  agreed: { masterId: number; masterOrderNo: string; agreementId: number };
  /** Alice's sign-agreement reminder (its id). */
  reminderId: number;
  /** An image Alice uploaded (stored name). */
  fileName: string;
  /** A message Alice sent Carol over HTTP. */
  message: { messageId: string; clientMsgNo: string; text: string };
  /** Alice's Web Push subscription (a loopback endpoint nothing listens on). */
  push: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface IdorWorld {
  server: CommerceServer;
  alice: Customer;
  bob: Customer;
  carol: Customer;
  dave: Customer;
  staff: Customer;
  monk: Customer;
  objects: AliceObjects;
  secrets: Secret[];
  /** JSON call as `who`, recorded as a Reply. */
  call(
    who: Customer,
    method: "GET" | "POST" | "DELETE",
    path: string,
    body?: unknown,
  ): Promise<Reply>;
  /** Multipart POST as `who` (fields, plus an optional PNG `file`). */
  multipart(
    who: Customer,
    path: string,
    fields: Record<string, string>,
    file?: Buffer,
  ): Promise<Reply>;
  close(): Promise<void>;
}

const unique = () => Math.random().toString(36).slice(2, 10);

export async function createIdorWorld(
  database: TestDatabaseKind,
): Promise<IdorWorld> {
  const dataDir = await mkdtemp(join(tmpdir(), "fuyuan-idor-"));
  const server = await startCommerceServer(database, {
    env: { DATA_DIR: dataDir },
  });
  try {
    return await populate(server, dataDir);
  } catch (error) {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

async function populate(
  server: CommerceServer,
  dataDir: string,
): Promise<IdorWorld> {
  const tag = unique();
  const alice = await signIn(server);
  const bob = await signIn(server);
  const carol = await signIn(server);
  const dave = await signIn(server);
  const staff = await signIn(server, DEMO_PHONES.service);
  const monk = await signIn(server, DEMO_PHONES.monk);
  const nickname = `Alice-${tag}`;
  const email = `alice-${tag}@example.test`;
  await server.db
    .update(users)
    .set({ nickname, email })
    .where(eq(users.id, alice.userId));
  // NOTE: invite records show a masked name (鑫***); a rare first character makes it Alice's.
  const inviteeNickname = `鑫Carol-${tag}`;
  await server.db
    .update(users)
    .set({ nickname: inviteeNickname })
    .where(eq(users.id, carol.userId));
  const [aliceRow] = await server.db
    .select({ inviteCode: users.inviteCode })
    .from(users)
    .where(eq(users.id, alice.userId));

  const call: IdorWorld["call"] = async (who, method, path, body) => {
    const response = await fetch(new URL(`/api/app/${path}`, server.baseUrl), {
      method,
      headers: {
        authorization: `Bearer ${who.token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: response.status,
      text: await response.text(),
      sent: `${method} ${path} ${body === undefined ? "" : JSON.stringify(body)}`,
    };
  };
  const multipart: IdorWorld["multipart"] = async (who, path, fields, file) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields))
      form.append(name, value);
    if (file !== undefined)
      form.append(
        "file",
        new Blob([new Uint8Array(file)], { type: "image/png" }),
        "a.png",
      );
    const response = await fetch(new URL(`/api/app/${path}`, server.baseUrl), {
      method: "POST",
      headers: { authorization: `Bearer ${who.token}` },
      body: form,
    });
    return {
      status: response.status,
      text: await response.text(),
      sent: `POST ${path} ${JSON.stringify(fields)}`,
    };
  };
  const ok = (reply: Reply, what: string): any => {
    if (reply.status !== 200)
      throw new Error(`${what}: ${reply.status} ${reply.text}`);
    return (JSON.parse(reply.text) as { data: unknown }).data;
  };

  const product = await productOfAnotherMonk(server, monk);
  const beneficiaryName = `秘名${tag}`;
  const wish = `wish-${tag}`;
  const order = async (quantity: number) =>
    ok(
      await call(alice, "POST", "order/v1/create", {
        productId: product.id,
        optionId: product.options[0]!.id,
        quantity,
        ...(product.asks.beneficiary ? { beneficiaryName } : {}),
        ...(product.asks.wish ? { wish } : {}),
        ...(product.asks.birthDate ? { birthDate: "1990-05-01" } : {}),
        showOnWall: false,
      }),
      "order/v1/create",
    );
  const markPaid = (orderId: number) =>
    transitionOrder(server.db, {
      orderId,
      to: "paid",
      actor: "wechat_pay",
      now: new Date(server.clock.now),
    });
  const pending = await order(37);
  const paid = await order(1);
  await markPaid(paid.masterId);
  const agreedOrder = await order(2);
  await markPaid(agreedOrder.masterId);
  const sent = ok(
    await call(staff, "POST", "prayer/v1/sendAgreement", {
      masterOrderNo: agreedOrder.masterOrderNo,
    }),
    "prayer/v1/sendAgreement",
  );
  const [reminder] = await server.db
    .select({ id: imReminders.id })
    .from(imReminders)
    .where(eq(imReminders.uid, alice.imId));
  if (reminder === undefined) throw new Error("Alice got no reminder");

  const uploaded = ok(
    await multipart(alice, "file/v1/upload", {}, png(3, 3)),
    "file/v1/upload",
  );
  const fileName = String(uploaded.url).slice(
    String(uploaded.url).lastIndexOf("/") + 1,
  );

  const messageText = `message-${tag}`;
  const clientMsgNo = `cmn${tag}${tag}`;
  const message = ok(
    await call(alice, "POST", "wuKong/v1/sendMessage", {
      channel_id: carol.imId,
      channel_type: 1,
      payload: { type: 1, content: messageText },
      client_msg_no: clientMsgNo,
    }),
    "wuKong/v1/sendMessage",
  );

  const fateName = `缘名${tag}`;
  const fateWish = `fate-${tag}`;
  ok(
    await call(alice, "POST", "fate/v1/signup", {
      name: fateName,
      gender: "female",
      birthDate: "1992-02-02",
      birthHour: 8,
      wish: fateWish,
    }),
    "fate/v1/signup",
  );
  const managerName = `管理${tag}`;
  const managerReason = `reason-${tag}`;
  ok(
    await call(alice, "POST", "manager/v1/apply", {
      name: managerName,
      phone: alice.phone,
      region: "杭州",
      reason: managerReason,
    }),
    "manager/v1/apply",
  );
  // NOTE: Carol is Alice's invitee, so Alice has invite records.
  ok(
    await call(carol, "POST", "user/bindParentInviteCode", {
      parentInviteCode: aliceRow!.inviteCode,
    }),
    "user/bindParentInviteCode",
  );

  const push = {
    endpoint: `http://127.0.0.1:9/push/${tag}${randomBytes(16).toString("hex")}`,
    keys: {
      p256dh: createECDH("prime256v1").generateKeys().toString("base64url"),
      auth: randomBytes(16).toString("base64url"),
    },
  };
  ok(await call(alice, "POST", "push/v1/subscribe", push), "push/v1/subscribe");

  const secrets: Secret[] = [
    { label: "phone", value: alice.phone },
    { label: "email", value: email },
    { label: "nickname", value: nickname },
    { label: "imId", value: alice.imId },
    { label: "inviteCode", value: aliceRow!.inviteCode },
    { label: "masterOrderNo", value: pending.masterOrderNo },
    { label: "paidOrderNo", value: paid.masterOrderNo },
    { label: "agreementOrderNo", value: agreedOrder.masterOrderNo },
    { label: "amount", value: String(pending.totalFen) },
    { label: "beneficiaryName", value: beneficiaryName },
    { label: "wish", value: wish },
    { label: "fileName", value: fileName },
    { label: "clientMsgNo", value: clientMsgNo },
    { label: "messageText", value: messageText },
    { label: "fateName", value: fateName },
    { label: "fateWish", value: fateWish },
    { label: "managerName", value: managerName },
    { label: "managerReason", value: managerReason },
    { label: "pushEndpoint", value: push.endpoint },
    // NOTE: Carol appears, masked, in Alice's invite records, which are Alice's to see; her full
    // nickname appears in nobody's answer.
    { label: "inviteeNickname", value: inviteeNickname },
    { label: "inviteeMaskedName", value: "鑫***" },
  ];

  return {
    server,
    alice,
    bob,
    carol,
    dave,
    staff,
    monk,
    objects: {
      pending: {
        masterId: pending.masterId,
        masterOrderNo: pending.masterOrderNo,
        totalFen: pending.totalFen,
      },
      paid: { masterId: paid.masterId, masterOrderNo: paid.masterOrderNo },
      agreed: {
        masterId: agreedOrder.masterId,
        masterOrderNo: agreedOrder.masterOrderNo,
        agreementId: sent.agreementId,
      },
      reminderId: reminder.id,
      fileName,
      message: {
        messageId: String(message.message_idstr),
        clientMsgNo,
        text: messageText,
      },
      push,
    },
    secrets,
    call,
    multipart,
    close: async () => {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A demo product whose monk is not the demo monk's account (so that monk may not touch it). */
async function productOfAnotherMonk(
  server: CommerceServer,
  monk: Customer,
): Promise<DemoProduct> {
  const list = (await get(server, "oapi/v1/products?pageSize=50")).body.data
    .list as { id: number }[];
  for (const card of list) {
    const product = (await get(server, `oapi/v1/products/${card.id}`)).body
      .data as DemoProduct;
    if (product.monk?.imId !== monk.imId && product.options.length > 0)
      return product;
  }
  throw new Error("every demo product belongs to the demo monk");
}

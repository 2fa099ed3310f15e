// Prayer agreements over HTTP: only staff send them, only for paid orders (a sign reminder, and
// a command from the server's own sender to an open chat, nothing stored in the chat); only the owner reads and signs one, once, with a real PNG within
// limits (anything else is refused and nothing is stored); the signed agreement goes into the
// conversation as an image message both sides see, once.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import {
  imMessages,
  imReminders,
  prayerAgreements,
  uploadedFiles,
} from "../../../server/db/schema";
import { transitionOrder } from "../../../server/domain/orders/transitionOrder";
import { describeEachDatabase } from "../../support/server/testDb";
import { jpeg, png, pngHeaderOnly } from "../files/imageFixtures";
import {
  type CommerceServer,
  type Customer,
  DEMO_PHONES,
  get,
  placeOrder,
  post,
  signIn,
  startCommerceServer,
} from "../orders/commerceApi";

describeEachDatabase("prayer agreements and contracts", (database) => {
  let server: CommerceServer;
  let dataDir: string;
  let alice: Customer;
  let bob: Customer;
  let staff: Customer;
  let monk: Customer;
  let order: any;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "fuyuan-contract-"));
    server = await startCommerceServer(database, {
      env: { DATA_DIR: dataDir },
    });
    alice = await signIn(server);
    bob = await signIn(server);
    staff = await signIn(server, DEMO_PHONES.service);
    monk = await signIn(server, DEMO_PHONES.monk);
    order = await placeOrder(server, alice);
  });
  afterAll(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const send = (who: Customer, masterOrderNo: string) =>
    post(server, "prayer/v1/sendAgreement", { masterOrderNo }, who);

  async function sign(
    who: Customer,
    fields: Record<string, string>,
    file?: { bytes: Buffer; type?: string },
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields))
      form.append(name, value);
    if (file)
      form.append(
        "file",
        new Blob([new Uint8Array(file.bytes)], {
          type: file.type ?? "image/png",
        }),
        "signature.png",
      );
    const response = await fetch(
      new URL("/api/app/prayer/v1/signContract", server.baseUrl),
      {
        method: "POST",
        headers: { authorization: `Bearer ${who.token}` },
        body: form,
      },
    );
    return { status: response.status, body: await response.json() };
  }
  const storedFiles = async () => ({
    rows: (await server.db.select().from(uploadedFiles)).length,
    files: await readdir(join(dataDir, "uploads")).catch(() => []),
  });

  it("lets only staff send, only for paid orders", async () => {
    expect((await send(alice, order.masterOrderNo)).status).toBe(403);
    const unpaid = await send(staff, order.masterOrderNo);
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.msg).toMatch(/agreements are for paid orders/);
    expect((await send(staff, "202611210000000000")).status).toBe(404);
    await transitionOrder(server.db, {
      orderId: order.masterId,
      to: "paid",
      actor: "wechat_pay",
      now: new Date(server.clock.now),
    });
  });

  it("sends the agreement as a sign reminder; no command is stored in the chat under staff's name", async () => {
    const sent = await send(staff, order.masterOrderNo);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({
      masterOrderNo: order.masterOrderNo,
      status: "sent",
      messageSent: true,
    });
    const agreementId = sent.body.data.agreementId;
    // NOTE: a type-99 message from staff's uid is what a forged command looks like to a client
    // talking to WuKongIM; the live nudge now comes from SYSTEM_UID and is not stored (#19).
    const stored = await server.db
      .select()
      .from(imMessages)
      .where(
        and(
          eq(imMessages.fromUid, staff.imId),
          eq(imMessages.toUid, alice.imId),
        ),
      );
    expect(stored).toEqual([]);
    const reminders = await server.db
      .select()
      .from(imReminders)
      .where(eq(imReminders.uid, alice.imId));
    expect(reminders).toEqual([
      expect.objectContaining({
        reminderType: 101,
        channelId: staff.imId,
        text: "请签署您的祈福协议",
      }),
    ]);
    // Sending again re-sends the same agreement.
    const again = await send(monk, order.masterOrderNo);
    expect(again.status).toBe(200);
    expect(again.body.data.agreementId).toBe(agreementId);
  });

  it("shows the agreement to its owner only, in their language", async () => {
    const [row] = await server.db
      .select()
      .from(prayerAgreements)
      .where(eq(prayerAgreements.orderId, order.masterId));
    const mine = await get(
      server,
      `prayer/v1/agreement?id=${row!.id}&locale=en`,
      alice,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({
      id: row!.id,
      status: "sent",
      signedAt: null,
      signatureUrl: null,
      sender: { imId: staff.imId },
      order: {
        masterId: order.masterId,
        masterOrderNo: order.masterOrderNo,
        quantity: order.quantity,
        totalFen: order.totalFen,
        status: "paid",
      },
    });
    expect(mine.body.data.title).toMatch(/^Prayer service agreement · /);
    expect(mine.body.data.paragraphs[0]).toContain(order.masterOrderNo);
    const cn = await get(server, `prayer/v1/agreement?id=${row!.id}`, alice);
    expect(cn.body.data.title).toMatch(/^祈福服务协议/);
    const theirs = await get(server, `prayer/v1/agreement?id=${row!.id}`, bob);
    const missing = await get(server, "prayer/v1/agreement?id=2147483647", bob);
    expect(theirs.status).toBe(404);
    expect(theirs.body.msg).toBe(`agreement ${row!.id} not found`);
    expect(missing.status).toBe(404);
    expect(
      (await get(server, `prayer/v1/agreement?id=${row!.id}`, staff)).status,
    ).toBe(404);
  });

  it("refuses a bad signature upload and stores nothing", async () => {
    const [row] = await server.db
      .select()
      .from(prayerAgreements)
      .where(eq(prayerAgreements.orderId, order.masterId));
    const id = String(row!.id);
    const before = await storedFiles();
    const good = png(200, 80);
    const cases: [
      Customer,
      Record<string, string>,
      { bytes: Buffer; type?: string } | undefined,
      number,
    ][] = [
      [
        alice,
        { agreementId: id, type: "image/png", size: "12" },
        { bytes: Buffer.from("not an image"), type: "image/png" },
        415,
      ],
      [
        alice,
        { agreementId: id, type: "image/png" },
        { bytes: jpeg(20, 20) },
        415,
      ],
      [
        alice,
        { agreementId: id },
        { bytes: Buffer.concat([good, Buffer.alloc(1024 * 1024)]) },
        413,
      ],
      [alice, { agreementId: id }, { bytes: pngHeaderOnly(5000, 10) }, 422],
      [
        alice,
        { agreementId: id, type: "image/png", size: String(good.length + 1) },
        { bytes: good },
        400,
      ],
      [alice, { agreementId: id, type: "image/gif" }, { bytes: good }, 400],
      [alice, { agreementId: id }, undefined, 400],
      [alice, {}, { bytes: good }, 400],
      [bob, { agreementId: id }, { bytes: good }, 404],
    ];
    for (const [who, fields, file, status] of cases) {
      const answer = await sign(who, fields, file);
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(answer.body.code).toBe(status);
    }
    expect(await storedFiles()).toEqual(before);
    const [still] = await server.db
      .select()
      .from(prayerAgreements)
      .where(eq(prayerAgreements.id, row!.id));
    expect(still?.status).toBe("sent");
  });

  it("signs once with a PNG, then puts the signed agreement into the chat once", async () => {
    const [row] = await server.db
      .select()
      .from(prayerAgreements)
      .where(eq(prayerAgreements.orderId, order.masterId));
    const id = row!.id;
    const early = await post(
      server,
      "wuKong/v1/contractSend",
      { agreementId: id },
      alice,
    );
    expect(early.status).toBe(409);
    const bytes = png(300, 120);
    const signed = await sign(
      alice,
      {
        agreementId: String(id),
        type: "image/png",
        size: String(bytes.length),
      },
      { bytes },
    );
    expect(signed.status).toBe(200);
    expect(signed.body.data).toMatchObject({
      agreementId: id,
      status: "signed",
      width: 300,
      height: 120,
    });
    const image = await fetch(signed.body.data.signatureUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await image.arrayBuffer()).equals(bytes)).toBe(true);
    expect(new URL(signed.body.data.signatureUrl).pathname).toMatch(
      /^\/media\/[A-Za-z0-9_-]{32}\.png$/,
    );

    // The signature belongs to the agreement now: deleting it is refused, not a 500.
    const signatureName = new URL(signed.body.data.signatureUrl).pathname
      .split("/")
      .pop()!;
    const deleted = await fetch(
      new URL(`/api/app/file/v1/${signatureName}`, server.baseUrl),
      { method: "DELETE", headers: { authorization: `Bearer ${alice.token}` } },
    );
    expect(deleted.status).toBe(409);
    expect((await fetch(signed.body.data.signatureUrl)).status).toBe(200);

    const filesAfterSign = await storedFiles();
    const resign = await sign(
      alice,
      { agreementId: String(id) },
      { bytes: png(10, 10) },
    );
    expect(resign.status).toBe(409);
    expect(await storedFiles()).toEqual(filesAfterSign);

    expect(
      (await post(server, "wuKong/v1/contractSend", { agreementId: id }, bob))
        .status,
    ).toBe(404);
    const sent = await post(
      server,
      "wuKong/v1/contractSend",
      { agreementId: id },
      alice,
    );
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({
      channel_id: staff.imId,
      channel_type: 1,
      client_msg_no: `contract-${id}`,
    });
    const twice = await post(
      server,
      "wuKong/v1/contractSend",
      { agreementId: id },
      alice,
    );
    expect(twice.body.data.message_idstr).toBe(sent.body.data.message_idstr);
    const images = await server.db
      .select()
      .from(imMessages)
      .where(
        and(
          eq(imMessages.fromUid, alice.imId),
          eq(imMessages.toUid, staff.imId),
          eq(imMessages.contentType, 2),
        ),
      );
    expect(images).toHaveLength(1);
    expect(JSON.parse(images[0]!.payload)).toEqual({
      type: 2,
      url: signed.body.data.signatureUrl,
      width: 300,
      height: 120,
      agreementId: id,
      masterOrderNo: order.masterOrderNo,
    });
    const after = await get(server, `prayer/v1/agreement?id=${id}`, alice);
    expect(after.body.data).toMatchObject({
      status: "signed",
      signatureUrl: signed.body.data.signatureUrl,
    });
    const resend = await send(staff, order.masterOrderNo);
    expect(resend.status).toBe(409);
  });
});

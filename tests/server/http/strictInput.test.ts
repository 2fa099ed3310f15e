// Strict input over real HTTP (regressions of what the REST fuzzer found): unknown body and
// querystring fields are refused with a 400 naming them (not silently dropped); NUL characters,
// unpaired surrogates and numbers coerced to Infinity are refused before a handler sees them
// (they were 500s); a value the database cannot hold (a bigint overflow) and a cut-off multipart
// body are 400s, not 500s; a malformed URL gets the envelope. Nothing is stored by any of them.
// Issue #19 item 4: input is checked, not coerced: a JSON body keeps its types, querystring and
// path numbers are plain decimal only, a body is UTF-8 (else 400) declared as UTF-8 (else 415),
// and a text that must show something needs a visible character.
import { sql } from "drizzle-orm";
import { strictSchema } from "../../../server/http/rejectUnknownFields";
import { call, signInWithWechatEmulator } from "../../support/server/accountsApi";
import { productAsking } from "../orders/commerceApi";
import { describeEachDatabase } from "../../support/server/testDb";
import { startTestServer, type TestServer } from "../../support/server/testServer";

describe("strictSchema", () => {
  it("refuses unknown properties in objects, nested ones and union branches, and keeps deliberate openness", () => {
    const schema = {
      type: "object",
      properties: {
        a: { type: "string" },
        nested: { type: "object", properties: { b: { type: "integer" } } },
        list: {
          type: "array",
          items: { type: "object", properties: { c: { type: "string" } } },
        },
        either: {
          anyOf: [
            { type: "object", properties: { d: { type: "string" } } },
            { type: "null" },
          ],
        },
        open: { type: "object", additionalProperties: true },
        record: { type: "object", patternProperties: { "^.*$": {} } },
        both: {
          allOf: [
            { type: "object", properties: { e: {} } },
            { type: "object", properties: { f: {} } },
          ],
        },
      },
    };
    const frozen = JSON.stringify(schema);
    const strict = strictSchema(schema) as typeof schema & {
      additionalProperties: boolean;
    };
    expect(JSON.stringify(schema)).toBe(frozen);
    expect(strict.additionalProperties).toBe(false);
    expect(strict.properties.nested).toMatchObject({
      additionalProperties: false,
    });
    expect(strict.properties.list.items).toMatchObject({
      additionalProperties: false,
    });
    expect(strict.properties.either.anyOf[0]).toMatchObject({
      additionalProperties: false,
    });
    expect(strict.properties.open.additionalProperties).toBe(true);
    expect(strict.properties.record).not.toHaveProperty("additionalProperties");
    expect(strict.properties.both).toEqual(schema.properties.both);
  });
});

describeEachDatabase("strict input", (database) => {
  let server: TestServer;
  let token: string;

  const count = async (table: string): Promise<number> => {
    const result = await server.db.execute(
      sql.raw(`select count(*)::int as n from "${table}"`),
    );
    return Number((result as { rows: { n: number }[] }).rows[0]?.n);
  };
  const raw = (
    path: string,
    init: {
      method?: string;
      headers?: Record<string, string>;
      body?: string | Uint8Array<ArrayBuffer>;
    },
  ) =>
    fetch(new URL(path, server.baseUrl), {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...init.headers },
    });

  beforeAll(async () => {
    server = await startTestServer({ database });
    token = (await signInWithWechatEmulator(server, { identity: "demo-1" }))
      .app_token;
  });
  afterAll(() => server.close());

  it("refuses an unknown body field, naming it, where it used to be dropped", async () => {
    const orders = await count("orders");
    const response = await call(server, "POST", "order/v1/create", {
      token,
      body: { productId: 1, optionId: 1, quantity: 1, totalFen: 1 },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 400,
      data: null,
      msg: "body must not have property totalFen",
    });
    expect(await count("orders")).toBe(orders);
  });

  it("refuses an unknown field on the accounts routes in the caller's language", async () => {
    const response = await call(server, "POST", "oapi/v1/msg", {
      body: { phone: "13800000001", areaCode: "86", captcha: "x" },
      lang: "en",
    });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe("Invalid request field: captcha");
  });

  it("refuses an unknown querystring field, and still takes the documented ones", async () => {
    const bad = await call(server, "GET", "oapi/v1/home?locale=en&utm=1");
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe("querystring must not have property utm");
    const good = await call(server, "GET", "oapi/v1/home?locale=en");
    expect(good.status).toBe(200);
  });

  it("refuses NUL characters and unpaired surrogates before they reach the database", async () => {
    const messages = await count("im_messages");
    for (const [body, where] of [
      [
        '{"channel_id":"a\\u0000b","channel_type":1,"payload":{"type":1,"content":"hi"}}',
        "body/channel_id",
      ],
      [
        '{"channel_id":"peer","channel_type":1,"payload":{"type":1,"content":"\\ud800"}}',
        "body/payload/content",
      ],
    ] as const) {
      const response = await raw("/api/app/wuKong/v1/sendMessage", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 400,
        data: null,
        msg: `${where} must not contain NUL characters or unpaired surrogates`,
      });
    }
    const query = await raw("/api/app/user/v1/infoByIm?imId=a%00b", {});
    expect(query.status).toBe(400);
    expect(((await query.json()) as { msg: string }).msg).toBe(
      "querystring/imId must not contain NUL characters or unpaired surrogates",
    );
    expect(await count("im_messages")).toBe(messages);
  });

  it("refuses numbers that overflow to Infinity, which ajv's bounds let through (they were 500s)", async () => {
    const orders = await count("orders");
    const messages = await count("im_messages");
    // NOTE: since #19-4 nothing is coerced, so "1e400" as text is no number at all, and digits
    // beyond the double range become Infinity, which ajv's integer type refuses.
    const huge = `1${"0".repeat(400)}`;
    for (const [path, where] of [
      ["/api/app/oapi/v1/news?pageSize=1e400", "querystring/pageSize"],
      [`/api/app/oapi/v1/news?pageSize=${huge}`, "querystring/pageSize"],
      [`/api/app/order/v1/mine?pageSize=-${huge}`, "querystring/pageSize"],
      ["/api/app/oapi/v1/monks/1e400", "params/id"],
    ] as const) {
      const response = await raw(path, {});
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 400,
        data: null,
        msg: `${where} must be integer`,
      });
    }
    const body = await raw("/api/app/order/v1/create", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"productId":1,"optionId":1,"quantity":1e400}',
    });
    expect(body.status).toBe(400);
    expect(((await body.json()) as { msg: string }).msg).toBe(
      "body/quantity must be integer",
    );
    // A number where the schema allows anything still reaches the check of stored values.
    const extra = await raw("/api/app/wuKong/v1/sendMessage", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"channel_id":"peer","channel_type":1,"payload":{"type":1,"content":"hi","n":-1e400}}',
    });
    expect(extra.status).toBe(400);
    expect(((await extra.json()) as { msg: string }).msg).toBe(
      "body/payload/n must be a finite number",
    );
    expect(await count("orders")).toBe(orders);
    expect(await count("im_messages")).toBe(messages);
  });

  it("answers 400 for a number the database cannot hold", async () => {
    const response = await raw("/api/app/wuKong/v1/reminders/done", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"ids":[18446744073709551616]}',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: number; msg: string };
    expect(body.code).toBe(400);
    expect(body.msg).toMatch(
      /^A request value cannot be stored: .*out of range/,
    );
  });

  it("answers 400 for a cut-off multipart body and stores no file", async () => {
    const files = await count("uploaded_files");
    const boundary = "----fuzz1";
    const response = await raw("/api/app/file/v1/upload", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body: new Uint8Array(
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          Buffer.from([
            0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3,
          ]),
        ]),
      ),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { msg: string }).msg).toMatch(
      /^Malformed multipart\/form-data: /,
    );
    expect(await count("uploaded_files")).toBe(files);
  });

  it("answers a malformed URL with the envelope", async () => {
    const response = await fetch(
      new URL("/api/app/oapi/v1/news/%E0%A4%A", server.baseUrl),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      code: number;
      data: null;
      msg: string;
    };
    expect(body).toMatchObject({ code: 400, data: null });
    expect(body.msg).toMatch(/not a valid url component/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  const orderBody = async () => {
    const product = await productAsking(server, {
      beneficiary: true,
      wish: true,
      birthDate: false,
    });
    return {
      productId: product.id,
      optionId: product.options[0]!.id,
      quantity: 1,
      beneficiaryName: "王小明",
      wish: "平安",
    };
  };
  const json = async (response: Response) =>
    (await response.json()) as { code: number; msg: string };

  it("[#19-4] refuses a body value of another JSON type instead of coercing it", async () => {
    const body = await orderBody();
    const orders = await count("orders");
    for (const quantity of ["1", true, [1], "01", null]) {
      const response = await call(server, "POST", "order/v1/create", {
        token,
        body: { ...body, quantity },
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 400,
        data: null,
        msg: "body/quantity must be integer",
      });
    }
    for (const productId of [String(body.productId), [body.productId]])
      expect(
        (
          await call(server, "POST", "order/v1/create", {
            token,
            body: { ...body, productId },
          })
        ).body.msg,
      ).toBe("body/productId must be integer");
    const showOnWall = await call(server, "POST", "order/v1/create", {
      token,
      body: { ...body, showOnWall: "true" },
    });
    expect(showOnWall.body.msg).toBe("body/showOnWall must be boolean");
    expect(await count("orders")).toBe(orders);
    const good = await call(server, "POST", "order/v1/create", {
      token,
      body,
    });
    expect(good.status).toBe(200);
    expect(await count("orders")).toBe(orders + 1);
  });

  it("[#19-4] takes querystring and path numbers in plain decimal only", async () => {
    for (const value of ["1e3", "0x10", "+1", "%201", "1.0", "01", "0b1", ""]) {
      const query = await raw(`/api/app/order/v1/detail?masterId=${value}`, {});
      expect(query.status).toBe(400);
      expect(await json(query)).toMatchObject({
        code: 400,
        msg: "querystring/masterId must be integer",
      });
      const path = await raw(`/api/app/oapi/v1/monks/${value || "%20"}`, {});
      expect(path.status).toBe(400);
      expect((await json(path)).msg).toBe("params/id must be integer");
    }
    const page = await raw("/api/app/oapi/v1/news?pageSize=1e1", {});
    expect((await json(page)).msg).toBe("querystring/pageSize must be integer");
    const decimal = await raw("/api/app/oapi/v1/news?pageSize=10", {});
    expect(decimal.status).toBe(200);
    const missing = await raw(
      "/api/app/order/v1/detail?masterId=2147483000",
      {},
    );
    expect(missing.status).toBe(404);
  });

  it("[#19-4] refuses a body declared in a charset other than UTF-8 (415)", async () => {
    const body = await orderBody();
    const orders = await count("orders");
    const text = JSON.stringify(body);
    for (const [charset, bytes] of [
      ["utf-16", Buffer.from(`\ufeff${text}`, "utf16le")],
      ["UTF-16LE", Buffer.from(text, "utf16le")],
      ["iso-8859-1", Buffer.from(text, "latin1")],
      ['"gbk"', Buffer.from(JSON.stringify({ ...body, wish: "ok" }))],
    ] as const) {
      const response = await raw("/api/app/order/v1/create", {
        method: "POST",
        headers: { "content-type": `application/json; charset=${charset}` },
        body: new Uint8Array(bytes),
      });
      expect(response.status).toBe(415);
      expect(await json(response)).toMatchObject({
        code: 415,
        msg: `charset ${charset.replaceAll('"', "").toLowerCase()} is not supported: send UTF-8`,
      });
    }
    const plain = await raw("/api/app/order/v1/create", {
      method: "POST",
      headers: { "content-type": "text/plain; charset=utf-16" },
      body: new Uint8Array(Buffer.from(text, "utf16le")),
    });
    expect(plain.status).toBe(415);
    expect(await count("orders")).toBe(orders);
    const declared = await raw("/api/app/order/v1/create", {
      method: "POST",
      headers: { "content-type": "application/json; charset=UTF-8" },
      body: new Uint8Array(Buffer.from(text)),
    });
    expect(declared.status).toBe(200);
  });

  it("[#19-4] refuses bytes that are not valid UTF-8 instead of storing U+FFFD", async () => {
    const body = await orderBody();
    const orders = await count("orders");
    const messages = await count("im_messages");
    const [head, tail] = JSON.stringify({
      ...body,
      beneficiaryName: "王@明",
    }).split("@") as [string, string];
    for (const bad of [
      [0xff],
      [0xe7, 0x8e],
      [0xc0, 0xaf],
      [0xed, 0xa0, 0x80],
    ]) {
      const response = await raw("/api/app/order/v1/create", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: new Uint8Array(
          Buffer.concat([
            Buffer.from(head),
            Buffer.from(bad),
            Buffer.from(tail),
          ]),
        ),
      });
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({
        code: 400,
        msg: "the body is not valid UTF-8",
      });
    }
    const send = await raw("/api/app/wuKong/v1/sendMessage", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new Uint8Array(
        Buffer.concat([
          Buffer.from(
            '{"channel_id":"peer","channel_type":1,"payload":{"type":1,"content":"',
          ),
          Buffer.from([0x68, 0xff, 0x69]),
          Buffer.from('"}}'),
        ]),
      ),
    });
    expect(send.status).toBe(400);
    expect((await json(send)).msg).toBe("the body is not valid UTF-8");
    expect(await count("orders")).toBe(orders);
    expect(await count("im_messages")).toBe(messages);
  });

  it("[#19-4] refuses a required text with no visible character, as it does only spaces", async () => {
    const body = await orderBody();
    const orders = await count("orders");
    const applications = await count("manager_applications");
    const signups = await count("fate_signups");
    const invisible = [
      "\u200b\u200c\u200d",
      " \u2060\ufeff ",
      "\ufe0f\u0301",
      "\u3164\u115f",
      "\u200e\u2800\u00ad",
    ];
    for (const name of invisible) {
      const order = await call(server, "POST", "order/v1/create", {
        token,
        body: { ...body, beneficiaryName: name },
      });
      expect(order.status).toBe(400);
      expect(order.body.msg).toBe(
        "body/beneficiaryName is required for this product",
      );
      const manager = await call(server, "POST", "manager/v1/apply", {
        token,
        body: {
          name,
          phone: "13912345678",
          region: "浙江杭州",
          reason: "我在社区组织祈福活动",
        },
      });
      expect(manager.status).toBe(400);
      expect(manager.body.msg).toBe("body/name is required");
      const fate = await call(server, "POST", "fate/v1/signup", {
        token,
        body: {
          name: "林晓",
          gender: "female",
          birthDate: "1990-01-01",
          wish: name,
        },
      });
      expect(fate.status).toBe(400);
      expect(fate.body.msg).toBe("body/wish is required");
    }
    expect(await count("orders")).toBe(orders);
    expect(await count("manager_applications")).toBe(applications);
    expect(await count("fate_signups")).toBe(signups);
    const shown = await call(server, "POST", "order/v1/create", {
      token,
      body: { ...body, beneficiaryName: "\u200b王\u200d" },
    });
    expect(shown.status).toBe(200);
  });

  it("[#19-4] refuses a chat text that shows nothing, on both HTTP send routes", async () => {
    const peer = await signInWithWechatEmulator(server, { identity: "demo-2" });
    const info = await call(server, "GET", "user/v1/info", {
      token: peer.app_token,
    });
    const peerImId = info.body.data.imId as string;
    const messages = await count("im_messages");
    for (const content of [
      "",
      "   ",
      "\u200b\u200d",
      "\ufeff\u2060\ufe0f",
      7,
    ]) {
      const sent = await call(server, "POST", "wuKong/v1/sendMessage", {
        token,
        body: { channel_id: peerImId, payload: { type: 1, content } },
      });
      expect([sent.status, sent.body.reason]).toEqual([
        400,
        "MESSAGE_TEXT_EMPTY",
      ]);
    }
    const noContent = await call(server, "POST", "wuKong/v1/sendMessage", {
      token,
      body: { channel_id: peerImId, payload: { type: 1 } },
    });
    expect(noContent.body.reason).toBe("MESSAGE_TEXT_EMPTY");
    const service = await call(server, "POST", "wuKong/v1/serviceSend", {
      token,
      body: { payload: { type: 1, content: "\u200c" } },
    });
    expect([service.status, service.body.reason]).toEqual([
      400,
      "MESSAGE_TEXT_EMPTY",
    ]);
    expect(await count("im_messages")).toBe(messages);
    const shown = await call(server, "POST", "wuKong/v1/sendMessage", {
      token,
      body: { channel_id: peerImId, payload: { type: 1, content: "\u200b🙏" } },
    });
    expect(shown.status).toBe(200);
    expect(await count("im_messages")).toBe(messages + 1);
  });
});

// Strict input over real HTTP (regressions of what the REST fuzzer found): unknown body and
// querystring fields are refused with a 400 naming them (not silently dropped); NUL characters,
// unpaired surrogates and numbers coerced to Infinity are refused before a handler sees them
// (they were 500s); a value the database cannot hold (a bigint overflow) and a cut-off multipart
// body are 400s, not 500s; a malformed URL gets the envelope. Nothing is stored by any of them.
import { sql } from "drizzle-orm";
import { strictSchema } from "../../../server/http/rejectUnknownFields";
import { call, signInWithWechatEmulator } from "../../support/accountsApi";
import { describeEachDatabase } from "../../support/testDb";
import { startTestServer, type TestServer } from "../../support/testServer";

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

  it("refuses numbers that ajv coerced to Infinity, which its bounds let through (they were 500s)", async () => {
    const orders = await count("orders");
    for (const [path, where] of [
      ["/api/app/oapi/v1/news?pageSize=1e400", "querystring/pageSize"],
      ["/api/app/order/v1/mine?pageSize=-1e400", "querystring/pageSize"],
      ["/api/app/oapi/v1/monks/1e400", "params/id"],
    ] as const) {
      const response = await raw(path, {});
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 400,
        data: null,
        msg: `${where} must be a finite number`,
      });
    }
    const body = await raw("/api/app/order/v1/create", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"productId":1,"optionId":1,"quantity":"1e400"}',
    });
    expect(body.status).toBe(400);
    expect(((await body.json()) as { msg: string }).msg).toBe(
      "body/quantity must be a finite number",
    );
    expect(await count("orders")).toBe(orders);
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
});

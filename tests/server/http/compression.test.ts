// JSON answers over 1 kB are compressed for requests without credentials, and never for requests
// that carry them (a signed-in body may hold a secret beside text an attacker chose: BREACH), nor
// when small; compressed request bodies are not unpacked (#20).
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { signInWithPhone } from "../../support/server/accountsApi";
import {
  startTestServer,
  type TestServer,
} from "../../support/server/testServer";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A raw request (fetch would decompress and hide what was sent). */
function raw(
  path: string,
  headers: Record<string, string>,
  method = "GET",
  body?: Buffer,
) {
  return new Promise<{
    status: number;
    headers: Record<string, unknown>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = request(
      `${server.baseUrl}${path}`,
      { method, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

it("compresses a public JSON answer over 1 kB: brotli, else gzip", async () => {
  const plain = await raw("/api/app/oapi/v1/products", {});
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.body.length).toBeGreaterThan(1024);
  const br = await raw("/api/app/oapi/v1/products", {
    "accept-encoding": "gzip, br",
  });
  expect(br.headers["content-encoding"]).toBe("br");
  expect(br.headers.vary).toMatch(/accept-encoding/i);
  expect(br.body.length).toBeLessThan(plain.body.length);
  expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  const gz = await raw("/api/app/oapi/v1/products", {
    "accept-encoding": "gzip",
  });
  expect(gz.headers["content-encoding"]).toBe("gzip");
  expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
});

it("does not compress an answer to a request with credentials, nor a small one", async () => {
  const tokens = await signInWithPhone(server, "13800000001");
  for (const headers of [
    { authorization: `Bearer ${tokens.app_token}` },
    { cookie: "fy_oauth=abc" },
    { cookie: "locale=cn; fy_oauth=abc" },
  ]) {
    const answer = await raw("/api/app/oapi/v1/products", {
      ...headers,
      "accept-encoding": "br, gzip",
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(answer.body.toString())).toHaveProperty("data");
  }
  const small = await raw("/api/app/oapi/v1/health", {
    "accept-encoding": "br",
  });
  expect(small.body.length).toBeLessThan(1024);
  expect(small.headers["content-encoding"]).toBeUndefined();
});

it("compresses an answer to a request whose only cookie is the tab's locale", async () => {
  const answer = await raw("/api/app/oapi/v1/products", {
    cookie: "locale=en",
    "accept-encoding": "br",
  });
  expect(answer.status).toBe(200);
  expect(answer.headers["content-encoding"]).toBe("br");
  expect(
    JSON.parse(brotliDecompressSync(answer.body).toString()),
  ).toHaveProperty("data");
});

it("does not unpack a compressed request body", async () => {
  const answer = await raw(
    "/api/app/oapi/v1/msg",
    { "content-type": "application/json", "content-encoding": "gzip" },
    "POST",
    gzipSync(JSON.stringify({ phone: "13800000009" })),
  );
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
});

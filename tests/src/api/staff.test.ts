// The order desk's calls (src/api/staff.ts): the paths, queries and bodies the server's routes
// take, the multipart upload and refusals surfacing as ApiError with their reason. The shapes are
// the contract's schemas themselves (#contract), so there is no second copy to drift.
import {
  deleteUpload,
  fetchStaffOrder,
  fetchStaffOrders,
  fulfilOrder,
  reviewRefund,
  uploadProofPhoto,
} from "../../../src/api/staff";
import { ApiError, refusalTextOf } from "../../../src/api/ApiError";
import { clearSession, saveTokens } from "../../../src/state/session";

type FetchArgs = [input: string, init: RequestInit];

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(() =>
    Promise.resolve(Response.json(body, { status })),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const sent = (fetchMock: ReturnType<typeof respond>) => {
  const [input, init] = fetchMock.mock.calls[0]!;
  return { url: new URL(input, "http://localhost"), init };
};

beforeEach(() => {
  clearSession();
  saveTokens({
    accessToken: "access-1",
    refreshToken: "refresh-1",
    imUid: "u_1",
    imToken: "im-1",
    accessExpiresAt: Date.now() + 600_000,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

it("asks for a queue page with the bearer token", async () => {
  const fetchMock = respond(200, {
    code: 0,
    data: { list: [], total: 0, page: 2, pageSize: 20 },
    msg: "ok",
  });
  await fetchStaffOrders({
    queue: "refund_requested",
    page: 2,
    pageSize: 20,
    locale: "tw",
  });
  const { url, init } = sent(fetchMock);
  expect(url.pathname).toBe("/api/app/order/v1/staff/list");
  expect(Object.fromEntries(url.searchParams)).toEqual({
    queue: "refund_requested",
    page: "2",
    pageSize: "20",
    locale: "tw",
  });
  expect(new Headers(init.headers).get("Authorization")).toBe(
    "Bearer access-1",
  );
});

it("reads one order by its id", async () => {
  const fetchMock = respond(200, { code: 0, data: { masterId: 7 }, msg: "ok" });
  await expect(fetchStaffOrder(7, "en")).resolves.toEqual({ masterId: 7 });
  const { url } = sent(fetchMock);
  expect(url.pathname).toBe("/api/app/order/v1/staff/detail");
  expect(url.search).toBe("?masterId=7&locale=en");
});

it("posts a fulfilment move and a refund review as JSON", async () => {
  let fetchMock = respond(200, { code: 0, data: { masterId: 7 }, msg: "ok" });
  await fulfilOrder(
    { masterId: 7, status: "completed", photoFileIds: ["a.png"], note: "ok" },
    "cn",
  );
  let { url, init } = sent(fetchMock);
  expect(url.pathname).toBe("/api/app/order/v1/fulfil");
  expect(init.method).toBe("POST");
  expect(JSON.parse(init.body as string)).toEqual({
    masterId: 7,
    status: "completed",
    photoFileIds: ["a.png"],
    note: "ok",
  });
  fetchMock = respond(200, { code: 0, data: { masterId: 7 }, msg: "ok" });
  await reviewRefund({ masterId: 7, approve: false, reason: "不符合" }, "cn");
  ({ url, init } = sent(fetchMock));
  expect(url.pathname).toBe("/api/app/order/v1/refund/review");
  expect(JSON.parse(init.body as string)).toEqual({
    masterId: 7,
    approve: false,
    reason: "不符合",
  });
});

it("uploads a proof photo as multipart field `file` and deletes one by name", async () => {
  let fetchMock = respond(200, {
    code: 0,
    data: { name: "n.png", url: "http://x/media/n.png", width: 1, height: 1 },
    msg: "ok",
  });
  const photo = new File([new Uint8Array([1, 2, 3])], "lamp.png", {
    type: "image/png",
  });
  await expect(uploadProofPhoto(photo, "lamp.png")).resolves.toMatchObject({
    name: "n.png",
  });
  const { url, init } = sent(fetchMock);
  expect(url.pathname).toBe("/api/app/file/v1/upload");
  expect(init.body).toBeInstanceOf(FormData);
  const part = (init.body as FormData).get("file") as File;
  expect(part.name).toBe("lamp.png");
  expect(new Headers(init.headers).has("Content-Type")).toBe(false);
  fetchMock = respond(200, { code: 0, data: null, msg: "ok" });
  await deleteUpload("n.png");
  expect(sent(fetchMock).url.pathname).toBe("/api/app/file/v1/n.png");
  expect(sent(fetchMock).init.method).toBe("DELETE");
});

it("a refusal is an ApiError with its reason, translated, never the server's text", async () => {
  respond(409, {
    code: 409,
    data: null,
    msg: "refund of order 7 is processing",
    reason: "REFUND_OPEN",
    params: { status: "processing" },
  });
  const error = await fulfilOrder(
    { masterId: 7, status: "in_service", plannedAt: "2026-12-01T04:00:00Z" },
    "cn",
  ).catch((failure: unknown) => failure);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).reason).toBe("REFUND_OPEN");
  expect(refusalTextOf(error)).toBe("该订单的退款正在处理中");
});

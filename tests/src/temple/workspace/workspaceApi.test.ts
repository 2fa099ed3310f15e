// The workspace's calls (src/temple/workspace/workspaceApi.ts): the paths, queries and bodies the
// server's staff/v1 routes take and a refusal surfacing with its translated reason. The shapes are
// the contract's schemas themselves (#contract), so there is no second copy to drift.
import { refusalTextOf } from "../../../../src/api/ApiError";
import { clearSession, saveTokens } from "../../../../src/state/session";
import {
  fetchAssigned,
  fetchCustomer,
  handOffChat,
  saveCustomerNote,
  saveQuickReply,
} from "../../../../src/temple/workspace/workspaceApi";

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
    accessToken: "token-1",
    refreshToken: "refresh-1",
    imUid: "u_7",
    imToken: "im-1",
    accessExpiresAt: Date.now() + 600_000,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

it("asks for the caller's assigned customers and a customer by IM id", async () => {
  let fetchMock = respond(200, {
    code: 0,
    data: { list: ["u_1"], truncated: false },
    msg: "ok",
  });
  await expect(fetchAssigned()).resolves.toEqual({
    list: ["u_1"],
    truncated: false,
  });
  expect(sent(fetchMock).url.pathname).toBe("/api/app/staff/v1/assigned");
  expect(new Headers(sent(fetchMock).init.headers).get("Authorization")).toBe(
    "Bearer token-1",
  );

  fetchMock = respond(200, { code: 0, data: { imId: "u 1" }, msg: "ok" });
  await fetchCustomer("u 1");
  expect(sent(fetchMock).url.pathname).toBe("/api/app/staff/v1/customer");
  expect(sent(fetchMock).url.searchParams.get("imId")).toBe("u 1");
});

it("posts the note, a quick reply and a hand-off as the server takes them", async () => {
  let fetchMock = respond(200, { code: 0, data: {}, msg: "ok" });
  await saveCustomerNote("u_1", "");
  expect(sent(fetchMock).init.method).toBe("POST");
  expect(JSON.parse(sent(fetchMock).init.body as string)).toEqual({
    imId: "u_1",
    text: "",
  });

  fetchMock = respond(200, { code: 0, data: {}, msg: "ok" });
  await saveQuickReply({ id: 3, text: "您好" });
  expect(sent(fetchMock).url.pathname).toBe(
    "/api/app/staff/v1/quickReplies/save",
  );
  expect(JSON.parse(sent(fetchMock).init.body as string)).toEqual({
    id: 3,
    text: "您好",
  });

  respond(400, {
    code: 400,
    data: null,
    msg: "developer text",
    reason: "HAND_OFF_TARGET_INVALID",
  });
  const refused = await handOffChat("u_1", "u_2").catch((e: unknown) => e);
  expect(refusalTextOf(refused)).toBe("只能转交给客服或法师");
});

// The request a service worker sends when the browser renews a push subscription: the old
// endpoint and secret as proof, the new endpoint and keys; nothing when a part is missing or
// nothing changed.
import { renewalRequest } from "../../../src/sw/subscriptionRenewal";

const old = {
  endpoint: "https://push.example/old",
  keys: { p256dh: "BOld", auth: "old-secret" },
};
const next = {
  endpoint: "https://push.example/new",
  keys: { p256dh: "BNew", auth: "new-secret" },
};

describe("renewalRequest", () => {
  it("proves the old subscription with its secret and carries the new endpoint and keys", () => {
    expect(renewalRequest(old, next)).toEqual({
      oldEndpoint: "https://push.example/old",
      oldAuth: "old-secret",
      endpoint: "https://push.example/new",
      keys: { p256dh: "BNew", auth: "new-secret" },
    });
  });

  it("also renews keys on the same endpoint", () => {
    expect(
      renewalRequest(old, { ...old, keys: { p256dh: "BNew", auth: "x" } }),
    ).toMatchObject({ endpoint: old.endpoint, keys: { p256dh: "BNew" } });
  });

  it("asks nothing when nothing changed or a part is missing", () => {
    expect(renewalRequest(old, { ...old, keys: { ...old.keys } })).toBeNull();
    expect(renewalRequest({ endpoint: old.endpoint }, next)).toBeNull();
    expect(renewalRequest({ keys: old.keys }, next)).toBeNull();
    expect(renewalRequest(old, { endpoint: next.endpoint })).toBeNull();
    expect(
      renewalRequest(old, { ...next, keys: { auth: "new-secret" } }),
    ).toBeNull();
    expect(renewalRequest(old, { ...next, endpoint: "" })).toBeNull();
  });
});

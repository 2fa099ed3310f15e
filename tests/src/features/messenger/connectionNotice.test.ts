// The connection banner's choice for every status the worker reports.
import { ConnectionStatus } from "../../../../workers/api";
import {
  connectionNotice,
  needsSignIn,
} from "../../../../src/features/messenger/connectionNotice";

const base = { imUid: "u_42", online: true, kicked: null } as const;

it("shows nothing while connected", () => {
  expect(
    connectionNotice({ ...base, connection: ConnectionStatus.CONNECTED }),
  ).toBeNull();
});

it("tells connecting, reconnecting and offline apart", () => {
  expect(
    connectionNotice({ ...base, connection: ConnectionStatus.CONNECTING }),
  ).toBe("connecting");
  expect(
    connectionNotice({ ...base, connection: ConnectionStatus.DISCONNECT }),
  ).toBe("reconnecting");
  expect(
    connectionNotice({
      ...base,
      online: false,
      connection: ConnectionStatus.DISCONNECT,
    }),
  ).toBe("offline");
  // Before the session started there is nothing to reconnect yet.
  expect(
    connectionNotice({
      ...base,
      imUid: null,
      connection: ConnectionStatus.DISCONNECT,
    }),
  ).toBe("connecting");
});

it("asks to sign in again after a refused connect or a kick", () => {
  const failed = connectionNotice({
    ...base,
    connection: ConnectionStatus.CONNECT_FAIL,
  });
  const elsewhere = connectionNotice({
    ...base,
    connection: ConnectionStatus.CONNECT_KICK,
    kicked: "SIGNED_IN_ELSEWHERE",
  });
  const again = connectionNotice({
    ...base,
    connection: ConnectionStatus.CONNECT_KICK,
    kicked: "SIGN_IN_AGAIN",
  });
  expect([failed, elsewhere, again]).toEqual([
    "failed",
    "signedInElsewhere",
    "signInAgain",
  ]);
  expect([failed, elsewhere, again].every(needsSignIn)).toBe(true);
  expect(needsSignIn("reconnecting")).toBe(false);
  expect(needsSignIn(null)).toBe(false);
});

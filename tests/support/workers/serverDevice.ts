// A worker device signed in to a real test server and connected: the setup the integration tests
// against tests/support/server/testServer.ts share (sign in by phone, start the session, wait for Connected).
import type { AppDb } from "../../../src/db/AppDb";
import { call, signInWithPhone } from "../server/accountsApi";
import type { TestServer } from "../server/testServer";
import { until } from "./testMessenger";
import {
  createWorkerDevice,
  type WorkerDevice,
  type WorkerDeviceOptions,
  type WorkerTab,
} from "./workerDevice";

/** A signed-in account: its access token and IM credentials. */
export interface ServerAccount {
  readonly token: string;
  readonly imId: string;
  readonly imToken: string;
}

export interface ServerDevice {
  readonly device: WorkerDevice;
  /** The first tab's API. */
  readonly tab: WorkerTab["api"];
  readonly imId: string;
  readonly token: string;
  /** The device's IM database (the signed-in user's). */
  db(): AppDb;
}

/** Signs in with the phone's demo code and reads the account's IM credentials. */
export async function signInAccount(
  server: Pick<TestServer, "baseUrl">,
  phone: string,
): Promise<ServerAccount> {
  const tokens = await signInWithPhone(server, phone);
  const info = (
    await call(server, "GET", "user/v1/info", { token: tokens.app_token })
  ).body.data;
  return {
    token: tokens.app_token,
    imId: info.imId as string,
    imToken: info.imToken as string,
  };
}

/**
 * A new browser profile (own worker, databases and device id) for `account`, started and
 * connected. The caller closes `device` (collect it in `devices`).
 */
export async function startServerDevice(
  server: Pick<TestServer, "baseUrl">,
  account: ServerAccount,
  options: Omit<WorkerDeviceOptions, "tabs"> & { tabs?: number },
  devices: WorkerDevice[],
): Promise<ServerDevice> {
  const device = await createWorkerDevice({ tabs: 1, ...options });
  devices.push(device);
  const tab = device.tabs[0]!.api;
  const started = await tab.start({
    imUid: account.imId,
    imToken: account.imToken,
    apiBase: `${server.baseUrl}/api/app`,
    accessToken: account.token,
    wsUrl: `${server.baseUrl.replace(/^http/, "ws")}/im`,
  });
  expect(started.ok).toBe(true);
  await until(() => {
    expect(device.service.status().connection).toBe("Connected");
  }, 10_000);
  return {
    device,
    tab,
    imId: account.imId,
    token: account.token,
    db: () => device.service.requireUser().db,
  };
}

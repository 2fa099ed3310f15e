// The worker's real environment: the global WebSocket, fetch and XMLHttpRequest, IndexedDB
// through src/db, the platform CSPRNG. Tests build MessengerServiceDeps from fakes instead.
import { cryptoRandomBytes } from "#protocol";
import { deleteImDb, getDeviceId, openImDb } from "../../src/db/db";
import { createSocketTransport } from "../connection/socketTransport";
import type { MessengerServiceDeps } from "./MessengerService";
import { xhrUploadTransport } from "../outbox/uploadTransport";

/** Dependencies of a MessengerService running in a browser worker. */
export function browserDeps(): MessengerServiceDeps {
  const seed = new DataView(cryptoRandomBytes(4).buffer).getUint32(0);
  return {
    transport: createSocketTransport(),
    fetch: (input, init) => fetch(input, init),
    uploadTransport: xhrUploadTransport,
    openDb: openImDb,
    deleteDb: deleteImDb,
    deviceId: () => getDeviceId(),
    now: () => Date.now(),
    randomBytes: cryptoRandomBytes,
    seed,
  };
}

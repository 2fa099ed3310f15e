// The VAPID identity of this server (RFC 8292): the operator's key pair from the environment, or
// one generated at first start and kept in server_secrets, so restarts keep every subscription
// valid. Also the contact (subject) sent in each VAPID token.
import { eq } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "../../db/createDb";
import { serverSecrets } from "../../db/schema";
import type { PushOptions, VapidKeyPair } from "./pushEnv";
import { checkVapidPrivateKey, checkVapidPublicKey } from "./vapidKeyFormat";

const STORED_KEYS_NAME = "vapid_keys";
/** Used when neither VAPID_SUBJECT nor an https PUBLIC_URL names a contact. */
export const FALLBACK_SUBJECT = "mailto:webpush@example.invalid";

export interface VapidIdentity extends VapidKeyPair {
  subject: string;
}

export async function loadVapidIdentity(
  db: Db,
  options: PushOptions,
  publicUrl: string | null,
): Promise<VapidIdentity> {
  const keys = options.vapidKeys ?? (await storedKeys(db));
  const subject =
    options.subject ??
    (publicUrl?.startsWith("https://") === true ? publicUrl : FALLBACK_SUBJECT);
  return { ...keys, subject };
}

async function storedKeys(db: Db): Promise<VapidKeyPair> {
  // NOTE: insert-if-absent then read, so two processes starting together agree on one pair.
  await db
    .insert(serverSecrets)
    .values({
      name: STORED_KEYS_NAME,
      value: JSON.stringify(webpush.generateVAPIDKeys()),
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, STORED_KEYS_NAME));
  if (row === undefined) throw new Error("the VAPID keys were not stored");
  const parsed = JSON.parse(row.value) as Partial<VapidKeyPair>;
  const { publicKey, privateKey } = parsed;
  if (
    typeof publicKey !== "string" ||
    typeof privateKey !== "string" ||
    checkVapidPublicKey(publicKey) !== null ||
    checkVapidPrivateKey(privateKey, publicKey) !== null
  )
    throw new Error(`the stored ${STORED_KEYS_NAME} are not a VAPID key pair`);
  return { publicKey, privateKey };
}

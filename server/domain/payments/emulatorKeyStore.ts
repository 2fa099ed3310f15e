// The development WeChat Pay emulator's key material, generated at the first start and kept in the
// database (server_secrets), so a restarted server still verifies what the emulator signed.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/createDb";
import { serverSecrets } from "../../db/schema";
import {
  generateEmulatorKeys,
  type WechatPayEmulatorKeys,
} from "../../providers/wechatPay/emulatorKeys";

const SECRET_NAME = "wechat-pay-emulator-keys";

const rsa = z.object({
  serialNo: z.string(),
  privateKeyPem: z.string(),
  publicKeyPem: z.string(),
});
const keysSchema = z.object({
  merchant: rsa,
  platform: rsa,
  apiV3Key: z.string().length(32),
});

export async function loadEmulatorKeys(db: Db): Promise<WechatPayEmulatorKeys> {
  const stored = await read(db);
  if (stored !== undefined) return stored;
  // NOTE: two processes starting at once both insert; the first row wins and both read it back.
  await db
    .insert(serverSecrets)
    .values({
      name: SECRET_NAME,
      value: JSON.stringify(generateEmulatorKeys()),
    })
    .onConflictDoNothing();
  const settled = await read(db);
  if (settled === undefined) throw new Error("emulator keys were not stored");
  return settled;
}

async function read(db: Db): Promise<WechatPayEmulatorKeys | undefined> {
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SECRET_NAME));
  if (row === undefined) return undefined;
  return keysSchema.parse(JSON.parse(row.value));
}

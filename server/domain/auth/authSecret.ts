// The server secret behind access-token signatures, code hashes, IM tokens and hashed limit keys:
// AUTH_SECRET, or (outside production, when unset) one generated at first start and kept in the
// database so restarts keep sessions. Each use gets its own key derived with HKDF.
import { hkdfSync, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { AppConfig } from "../../config/appConfig";
import type { Db } from "../../db/createDb";
import { serverSecrets } from "../../db/schema";

const GENERATED_SECRET_NAME = "auth_secret";

export interface AuthKeys {
  /** HMAC-SHA256 key of access tokens. */
  accessToken: Buffer;
  /** HMAC key of one-time code hashes. */
  loginCode: Buffer;
  /** HMAC key the IM tokens are derived with. */
  imToken: Buffer;
  /** HMAC key of rate-limit keys (targets and IPs are never stored in clear). */
  limitKey: Buffer;
}

export async function loadAuthSecret(
  db: Db,
  config: Pick<AppConfig, "nodeEnv" | "auth">,
  logger: Pick<Logger, "warn">,
): Promise<string> {
  if (config.auth.secret !== null) return config.auth.secret;
  if (config.nodeEnv === "production")
    throw new Error("AUTH_SECRET is required in production");
  // NOTE: insert-if-absent then read, so two processes starting together agree on one secret.
  await db
    .insert(serverSecrets)
    .values({
      name: GENERATED_SECRET_NAME,
      value: randomBytes(48).toString("base64url"),
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, GENERATED_SECRET_NAME));
  if (row === undefined) throw new Error("the generated secret was not stored");
  logger.warn(
    "AUTH_SECRET is not set: using the secret generated for this database (development only)",
  );
  return row.value;
}

export function deriveAuthKeys(secret: string): AuthKeys {
  const derive = (purpose: string): Buffer =>
    Buffer.from(
      hkdfSync("sha256", Buffer.from(secret, "utf8"), "fuyuan", purpose, 32),
    );
  return {
    accessToken: derive("access-token/v1"),
    loginCode: derive("login-code/v1"),
    imToken: derive("im-token/v1"),
    limitKey: derive("limit-key/v1"),
  };
}

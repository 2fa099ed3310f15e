// Web Push environment variables (read by server/main.ts and passed to buildApp, like imEnv): an
// operator-provided VAPID key pair and contact, declared once (PUSH_ENV). Pure: the caller hands
// the environment in.
import { z } from "zod";
import { ConfigError, type Env, envVar, readEnv } from "../../config/env";
import { checkedBy } from "../../config/envSchemas";
import { checkVapidPrivateKey, checkVapidPublicKey } from "./vapidKeyFormat";

export const PUSH_ENV = z.object({
  VAPID_PUBLIC_KEY: envVar(checkedBy(checkVapidPublicKey), {
    whenUnset: "(generated)",
    description:
      "Web Push application server key (base64url, 65-byte P-256 point). Unset: a key pair is generated at first start and kept in the database. Set together with VAPID_PRIVATE_KEY.",
  }),
  VAPID_PRIVATE_KEY: envVar(z.string(), {
    whenUnset: "(generated)",
    description:
      "The matching VAPID private key (base64url, 32 bytes). Changing the pair invalidates every browser's push subscription.",
  }),
  VAPID_SUBJECT: envVar(checkedBy(checkSubject), {
    whenUnset: "PUBLIC_URL if https",
    description:
      "Contact the push services may use (mailto: or https: URL), sent in every VAPID token; otherwise mailto:webpush@example.invalid.",
  }),
});

export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
}

/** What the environment sets for Web Push (only what is given). */
export interface PushOptions {
  /** An operator-provided key pair instead of the generated one. */
  vapidKeys?: VapidKeyPair;
  subject?: string;
}

export function pushOptionsFromEnv(env: Env): PushOptions {
  const {
    VAPID_PUBLIC_KEY: publicKey,
    VAPID_PRIVATE_KEY: privateKey,
    VAPID_SUBJECT: subject,
  } = readEnv(env, PUSH_ENV);
  const options: PushOptions = {};
  if (publicKey !== undefined || privateKey !== undefined) {
    if (publicKey === undefined)
      throw new ConfigError(
        "VAPID_PUBLIC_KEY",
        "must be set together with VAPID_PRIVATE_KEY",
      );
    if (privateKey === undefined)
      throw new ConfigError(
        "VAPID_PRIVATE_KEY",
        "must be set together with VAPID_PUBLIC_KEY",
      );
    const privateProblem = checkVapidPrivateKey(privateKey, publicKey);
    if (privateProblem !== null)
      throw new ConfigError("VAPID_PRIVATE_KEY", privateProblem);
    options.vapidKeys = { publicKey, privateKey };
  }
  if (subject !== undefined) options.subject = subject;
  return options;
}

/** Why a VAPID subject is unusable, or null (RFC 8292 §2.1: mailto: or https: URI). */
export function checkSubject(subject: string): string | null {
  let url: URL;
  try {
    url = new URL(subject);
  } catch {
    return `"${subject}" is not a URL (expected mailto:admin@example.com or https://example.com)`;
  }
  if (url.protocol !== "mailto:" && url.protocol !== "https:")
    return `must be a mailto: or https: URL, not ${url.protocol}`;
  return null;
}

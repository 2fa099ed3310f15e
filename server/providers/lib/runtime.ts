// What providers take from their host instead of reaching for globals: a clock, a logger and a
// nonce source. Nothing here reads the environment.
import { randomBytes } from "node:crypto";

/** Milliseconds since the epoch; tests inject a fixed or advancing clock. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** The pino-compatible subset providers log through. */
export interface ProviderLogger {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
  debug(obj: Record<string, unknown>, msg: string): void;
}

export const silentLogger: ProviderLogger = {
  info: () => undefined,
  warn: () => undefined,
  debug: () => undefined,
};

const NONCE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** A random string of upper-case letters and digits (the nonce style WeChat's docs use). */
export function randomNonce(length = 32): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes)
    out += NONCE_ALPHABET.charAt(byte % NONCE_ALPHABET.length);
  return out;
}

export function unixSeconds(clock: Clock): number {
  return Math.floor(clock() / 1000);
}

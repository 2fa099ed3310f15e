// Runtime configuration (GET oapi/v1/config, contract's configCall: the server preloads it with
// `/login`), fetched once per page load and shared.
// A failed fetch is not cached, so the next caller tries again.
import { configCall } from "#contract";
import { apiRequest } from "./client";
import { trustMediaOrigin } from "./mediaOrigins";
import type { RuntimeConfig } from "./types";

let cached: Promise<RuntimeConfig> | undefined;

export function getRuntimeConfig(): Promise<RuntimeConfig> {
  cached ??= apiRequest<RuntimeConfig>(configCall().path).then(
    (config) => {
      trustMediaOrigin(config.publicUrl);
      return config;
    },
    (error: unknown) => {
      cached = undefined;
      throw error;
    },
  );
  return cached;
}

/** Forgets the cached configuration (tests, or after a deploy changed it). */
export function resetRuntimeConfig(): void {
  cached = undefined;
}

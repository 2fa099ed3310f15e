// The ConfigError parseConfig throws for an environment (the tests of each variable's validation).
import { ConfigError, parseConfig } from "../../../server/config/appConfig";

export function configErrorOf(
  env: Record<string, string>,
  cwd = "/srv",
): ConfigError {
  try {
    parseConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

// The IM gateway's environment variables (read by server/main.ts and passed to buildApp): the one
// deployment choice is the device level of logins. Pure: the caller hands the environment in.
import { DeviceLevel } from "#protocol";
import { type Env, type EnvVarDoc, envReader, oneOf } from "../lib/env";
import type { GatewayOptions } from "./gatewayOptions";

export const IM_ENV_VARS: readonly EnvVarDoc[] = [
  {
    name: "IM_DEVICE_LEVEL",
    default: "slave",
    description:
      "slave: a user's devices stay connected side by side; master: a new IM login kicks the older connection of the same device type (DISCONNECT 12).",
  },
];

/** Gateway options set by the environment (only those given). */
export function imOptionsFromEnv(env: Env): Partial<GatewayOptions> {
  const raw = envReader(env)("IM_DEVICE_LEVEL");
  if (raw === undefined) return {};
  const level = oneOf("IM_DEVICE_LEVEL", raw.toLowerCase(), [
    "slave",
    "master",
  ] as const);
  return {
    deviceLevel: level === "master" ? DeviceLevel.MASTER : DeviceLevel.SLAVE,
  };
}

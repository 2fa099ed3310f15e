// The embedded IM gateway's environment variables (read by server/main.ts and passed to buildApp):
// the device level of logins and the connection and send caps (#19), declared once (IM_ENV); their
// defaults are DEFAULT_GATEWAY_OPTIONS'. Pure: the caller hands the environment in.
import { z } from "zod";
import { DeviceLevel } from "#protocol";
import { type Env, envVar, readEnv } from "../config/env";
import { choice, wholeNumber } from "../config/envSchemas";
import { DEFAULT_GATEWAY_OPTIONS, type GatewayOptions } from "./gatewayOptions";

/** The caps are far below this; a larger value is a typo. */
const MAX_CAP = 1_000_000;

const DEVICE_LEVELS = { slave: DeviceLevel.SLAVE, master: DeviceLevel.MASTER };

/** A cap: a whole number ≥ 1 for `option`, whose default is the gateway's. */
const capVar = (option: keyof GatewayOptions, description: string) =>
  envVar(
    wholeNumber(1, MAX_CAP, `must be a whole number from 1 to ${MAX_CAP}`),
    {
      whenUnset: String(DEFAULT_GATEWAY_OPTIONS[option]),
      description: `${description} Embedded engine only.`,
    },
  );

/** The caps, each read as a whole number ≥ 1, by variable. */
const CAPS = {
  IM_MAX_HANDSHAKES_PER_IP: {
    option: "maxHandshakesPerIp",
    description:
      "IM sockets one client IP may have before their CONNECT is accepted (the IP as TRUST_PROXY says); more upgrades get 429.",
  },
  IM_MAX_CONNECTIONS_PER_ACCOUNT: {
    option: "maxConnectionsPerAccount",
    description:
      "Open IM connections one account may hold (one per browser); a new login closes the oldest with DISCONNECT 12.",
  },
  IM_ACCOUNT_SEND_RATE: {
    option: "accountSendRatePerSecond",
    description:
      "IM messages per second one account may send over all its connections (SENDACK 22 rateLimit beyond it).",
  },
  IM_ACCOUNT_SEND_BURST: {
    option: "accountSendBurst",
    description:
      "Burst allowed above IM_ACCOUNT_SEND_RATE (messages an idle account may send at once).",
  },
} as const satisfies Record<
  string,
  { option: keyof GatewayOptions; description: string }
>;
type CapName = keyof typeof CAPS;

const capVars = Object.fromEntries(
  Object.entries(CAPS).map(([name, cap]) => [
    name,
    capVar(cap.option, cap.description),
  ]),
) as Record<CapName, ReturnType<typeof capVar>>;

export const IM_ENV = z.object({
  IM_DEVICE_LEVEL: envVar(
    z
      .string()
      .transform((raw) => raw.toLowerCase())
      .pipe(choice(["slave", "master"]))
      .transform((level) => DEVICE_LEVELS[level]),
    {
      whenUnset:
        DEFAULT_GATEWAY_OPTIONS.deviceLevel === DeviceLevel.MASTER
          ? "master"
          : "slave",
      description:
        "slave: a user's devices stay connected side by side; master: a new IM login kicks the older connection of the same device type (DISCONNECT 12).",
    },
  ),
  ...capVars,
});

/** Gateway options set by the environment (only those given). */
export function imOptionsFromEnv(env: Env): Partial<GatewayOptions> {
  const values = readEnv(env, IM_ENV);
  const options: Partial<GatewayOptions> = {};
  if (values.IM_DEVICE_LEVEL !== undefined)
    options.deviceLevel = values.IM_DEVICE_LEVEL;
  for (const [name, { option }] of Object.entries(CAPS)) {
    const value = values[name as CapName];
    if (value !== undefined) options[option] = value;
  }
  return options;
}

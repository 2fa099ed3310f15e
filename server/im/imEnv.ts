// The embedded IM gateway's environment variables (read by server/main.ts and passed to buildApp):
// the device level of logins and the connection and send caps (#19). Pure: the caller hands the
// environment in.
import { DeviceLevel } from "#protocol";
import {
  ConfigError,
  type Env,
  type EnvVarDoc,
  envReader,
  oneOf,
} from "../config/env";
import { DEFAULT_GATEWAY_OPTIONS, type GatewayOptions } from "./gatewayOptions";

/** The caps read as whole numbers ≥ 1, by variable. */
const CAPS = [
  {
    name: "IM_MAX_HANDSHAKES_PER_IP",
    option: "maxHandshakesPerIp",
    description:
      "IM sockets one client IP may have before their CONNECT is accepted (the IP as TRUST_PROXY says); more upgrades get 429.",
  },
  {
    name: "IM_MAX_CONNECTIONS_PER_ACCOUNT",
    option: "maxConnectionsPerAccount",
    description:
      "Open IM connections one account may hold (one per browser); a new login closes the oldest with DISCONNECT 12.",
  },
  {
    name: "IM_ACCOUNT_SEND_RATE",
    option: "accountSendRatePerSecond",
    description:
      "IM messages per second one account may send over all its connections (SENDACK 22 rateLimit beyond it).",
  },
  {
    name: "IM_ACCOUNT_SEND_BURST",
    option: "accountSendBurst",
    description:
      "Burst allowed above IM_ACCOUNT_SEND_RATE (messages an idle account may send at once).",
  },
] as const satisfies readonly {
  name: string;
  option: keyof GatewayOptions;
  description: string;
}[];

/** The caps are far below this; a larger value is a typo. */
const MAX_CAP = 1_000_000;

export const IM_ENV_VARS: readonly EnvVarDoc[] = [
  {
    name: "IM_DEVICE_LEVEL",
    default: "slave",
    description:
      "slave: a user's devices stay connected side by side; master: a new IM login kicks the older connection of the same device type (DISCONNECT 12).",
  },
  ...CAPS.map((cap) => ({
    name: cap.name,
    default: String(DEFAULT_GATEWAY_OPTIONS[cap.option]),
    description: `${cap.description} Embedded engine only.`,
  })),
];

/** Gateway options set by the environment (only those given). */
export function imOptionsFromEnv(env: Env): Partial<GatewayOptions> {
  const value = envReader(env);
  const options: Partial<GatewayOptions> = {};
  const level = value("IM_DEVICE_LEVEL");
  if (level !== undefined)
    options.deviceLevel =
      oneOf("IM_DEVICE_LEVEL", level.toLowerCase(), [
        "slave",
        "master",
      ] as const) === "master"
        ? DeviceLevel.MASTER
        : DeviceLevel.SLAVE;
  for (const cap of CAPS) {
    const raw = value(cap.name);
    if (raw !== undefined) options[cap.option] = parseCap(cap.name, raw);
  }
  return options;
}

function parseCap(name: string, raw: string): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > MAX_CAP)
    throw new ConfigError(
      name,
      `"${raw}" must be a whole number from 1 to ${MAX_CAP}`,
    );
  return n;
}

// Which IM engine carries the messages: our embedded gateway (the default, one server) or a real
// WuKongIM (single node or cluster) for deployments past one machine. Pure: parsed from the
// environment with the rest of the configuration (server/config/appConfig.ts).
import {
  ConfigError,
  type EnvValue,
  type EnvVarDoc,
  oneOf,
  parseHttpUrl,
} from "../config/env";

export const IM_ENGINES = ["embedded", "wukongim"] as const;
export type ImEngineKind = (typeof IM_ENGINES)[number];

export type ImEngineConfig =
  | { kind: "embedded" }
  | {
      kind: "wukongim";
      /** WuKongIM's HTTP API, without a trailing slash. */
      apiUrl: string;
      /** What browsers connect to (returned by oapi/v1/config). */
      wsUrl: string;
      /** Rides in the path WuKongIM posts its webhooks to; calls without it are refused. */
      webhookSecret: string;
    };

/** Long enough not to be guessed; WuKongIM sends it in the webhook URL's query. */
export const MIN_WEBHOOK_SECRET_LENGTH = 32;

export const IM_ENGINE_ENV_VARS: readonly EnvVarDoc[] = [
  {
    name: "IM_ENGINE",
    default: "embedded",
    description:
      "embedded: our IM gateway in this process (one server); wukongim: a WuKongIM v2 server or cluster carries the messages (see Scaling out).",
  },
  {
    name: "WUKONGIM_API_URL",
    default: "(unset)",
    description:
      "With IM_ENGINE=wukongim: WuKongIM's HTTP API, e.g. http://127.0.0.1:5001 (checked at start).",
  },
  {
    name: "WUKONGIM_WS_URL",
    default: "(unset)",
    description:
      "With IM_ENGINE=wukongim: the ws(s):// URL browsers connect to (WuKongIM's wsAddr, or the load balancer in front of its nodes).",
  },
  {
    name: "WUKONGIM_WEBHOOK_SECRET",
    default: "(unset)",
    description: `With IM_ENGINE=wukongim: at least ${String(MIN_WEBHOOK_SECRET_LENGTH)} characters of A-Z a-z 0-9 - _; WuKongIM's webhook.httpAddr must be PUBLIC_URL + /api/app/im/v1/webhook/<this secret> (WuKongIM does not sign webhooks).`,
  },
];

const WUKONGIM_VARS = [
  "WUKONGIM_API_URL",
  "WUKONGIM_WS_URL",
  "WUKONGIM_WEBHOOK_SECRET",
];

export function parseImEngineConfig(value: EnvValue): ImEngineConfig {
  const kind = oneOf("IM_ENGINE", value("IM_ENGINE") ?? "embedded", IM_ENGINES);
  if (kind === "embedded") {
    const stray = WUKONGIM_VARS.find((name) => value(name) !== undefined);
    if (stray !== undefined)
      throw new ConfigError(stray, "is set, but IM_ENGINE is not wukongim");
    return { kind };
  }
  const required = (name: string): string => {
    const raw = value(name);
    if (raw === undefined)
      throw new ConfigError(name, "is required with IM_ENGINE=wukongim");
    return raw;
  };
  const apiUrl = parseHttpUrl(
    "WUKONGIM_API_URL",
    required("WUKONGIM_API_URL"),
    "http://127.0.0.1:5001",
  ).replace(/\/+$/, "");
  const wsUrl = parseWsUrl(required("WUKONGIM_WS_URL"));
  const webhookSecret = required("WUKONGIM_WEBHOOK_SECRET");
  if (
    webhookSecret.length < MIN_WEBHOOK_SECRET_LENGTH ||
    !/^[A-Za-z0-9_-]+$/.test(webhookSecret)
  )
    throw new ConfigError(
      "WUKONGIM_WEBHOOK_SECRET",
      `must be at least ${String(MIN_WEBHOOK_SECRET_LENGTH)} characters of A-Z, a-z, 0-9, - and _ (it rides in a URL)`,
    );
  return { kind, apiUrl, wsUrl, webhookSecret };
}

function parseWsUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      "WUKONGIM_WS_URL",
      `"${raw}" is not an absolute URL (expected e.g. wss://im.example.com)`,
    );
  }
  if (url.protocol !== "ws:" && url.protocol !== "wss:")
    throw new ConfigError(
      "WUKONGIM_WS_URL",
      `must use ws or wss, not ${url.protocol.replace(":", "")}`,
    );
  return raw;
}

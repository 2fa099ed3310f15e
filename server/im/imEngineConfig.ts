// Which IM engine carries the messages: our embedded gateway (the default, one server) or a real
// WuKongIM (single node or cluster) for deployments past one machine. Its variables are declared
// once here (IM_ENGINE_ENV) and parsed with the rest of the configuration (server/config/appConfig.ts).
import { z } from "zod";
import { ConfigError, envVar } from "../config/env";
import { choice, httpUrl, urlOf } from "../config/envSchemas";

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

export const IM_ENGINE_ENV = z.object({
  IM_ENGINE: envVar(choice(IM_ENGINES), {
    default: "embedded",
    description:
      "embedded: our IM gateway in this process (one server); wukongim: a WuKongIM v2 server or cluster carries the messages (see Scaling out).",
  }),
  WUKONGIM_API_URL: envVar(httpUrl("http://127.0.0.1:5001"), {
    description:
      "With IM_ENGINE=wukongim: WuKongIM's HTTP API, e.g. http://127.0.0.1:5001 (checked at start).",
  }),
  WUKONGIM_WS_URL: envVar(urlOf(["ws", "wss"], "wss://im.example.com"), {
    description:
      "With IM_ENGINE=wukongim: the ws(s):// URL browsers connect to (WuKongIM's wsAddr, or the load balancer in front of its nodes).",
  }),
  WUKONGIM_WEBHOOK_SECRET: envVar(
    z
      .string()
      .regex(
        new RegExp(`^[A-Za-z0-9_-]{${String(MIN_WEBHOOK_SECRET_LENGTH)},}$`),
        `must be at least ${String(MIN_WEBHOOK_SECRET_LENGTH)} characters of A-Z, a-z, 0-9, - and _ (it rides in a URL)`,
      ),
    {
      description: `With IM_ENGINE=wukongim: at least ${String(MIN_WEBHOOK_SECRET_LENGTH)} characters of A-Z a-z 0-9 - _; WuKongIM's webhook.httpAddr must be PUBLIC_URL + /api/app/im/v1/webhook/<this secret> (WuKongIM does not sign webhooks).`,
    },
  ),
});

const WUKONGIM_VARS = [
  "WUKONGIM_API_URL",
  "WUKONGIM_WS_URL",
  "WUKONGIM_WEBHOOK_SECRET",
] as const;

/** The engine from the parsed variables: WuKongIM needs all three of its settings, embedded none. */
export function imEngineConfigOf(
  values: z.output<typeof IM_ENGINE_ENV>,
): ImEngineConfig {
  const kind = values.IM_ENGINE;
  if (kind === "embedded") {
    const stray = WUKONGIM_VARS.find((name) => values[name] !== undefined);
    if (stray !== undefined)
      throw new ConfigError(stray, "is set, but IM_ENGINE is not wukongim");
    return { kind };
  }
  const required = (name: (typeof WUKONGIM_VARS)[number]): string => {
    const value = values[name];
    if (value === undefined)
      throw new ConfigError(name, "is required with IM_ENGINE=wukongim");
    return value;
  };
  return {
    kind,
    apiUrl: required("WUKONGIM_API_URL"),
    wsUrl: required("WUKONGIM_WS_URL"),
    webhookSecret: required("WUKONGIM_WEBHOOK_SECRET"),
  };
}

// E-mail configuration: the SMTP relay that sends login codes, given as SMTP_URL or as SMTP_HOST
// and its parts, declared once (SMTP_ENV, part of the accounts' AUTH_ENV), and the rules across
// them (one way or the other, MAIL_FROM with either, user and password together). Pure.
import { z } from "zod";
import { ConfigError, type Env, envVar, isSet } from "./env";
import { absoluteUrl, flag, ofUrl, quoting, wholeNumber } from "./envSchemas";

export interface SmtpConfig {
  host: string;
  port: number;
  /** TLS from the first byte (port 465) instead of STARTTLS. */
  secure: boolean;
  /** Without `secure`, refuse to send unless STARTTLS succeeds. */
  requireTls: boolean;
  auth: { user: string; pass: string } | null;
  from: string;
  /** PEM file of extra CAs to trust (a private relay), or null. */
  caFile: string | null;
}

/** What SMTP_URL already says. */
const SMTP_URL_PARTS = [
  "SMTP_HOST",
  "SMTP_PORT",
  "SMTP_SECURE",
  "SMTP_USER",
  "SMTP_PASS",
] as const;

const smtpPort = (secure: boolean): number => (secure ? 465 : 587);

type SmtpServer = Pick<SmtpConfig, "host" | "port" | "secure" | "auth">;

const smtpUrl = absoluteUrl(() => "is not a URL (smtp://user:pass@host:587)")
  .refine(
    ofUrl((url) => url.protocol === "smtp:" || url.protocol === "smtps:"),
    {
      error: "must start with smtp:// or smtps://",
      abort: true,
    },
  )
  .refine(
    ofUrl((url) => url.hostname !== ""),
    {
      error: "must name a host",
      abort: true,
    },
  )
  .refine(
    ofUrl((url) => (url.username === "") === (url.password === "")),
    "must carry both user and password, or neither",
  )
  .transform(
    ofUrl((url): SmtpServer => {
      const secure = url.protocol === "smtps:";
      const user = decodeURIComponent(url.username);
      const pass = decodeURIComponent(url.password);
      return {
        host: url.hostname.replace(/^\[|\]$/g, ""),
        port: url.port === "" ? smtpPort(secure) : Number(url.port),
        secure,
        auth: user === "" ? null : { user, pass },
      };
    }),
  );

export const SMTP_ENV = z.object({
  SMTP_URL: envVar(smtpUrl, {
    description:
      "smtp://user:pass@host:587 (STARTTLS) or smtps://user:pass@host:465 (TLS); alternative to SMTP_HOST and friends.",
  }),
  SMTP_HOST: envVar(z.string(), {
    description: "Host name of the SMTP relay that sends login-code e-mails.",
  }),
  SMTP_PORT: envVar(wholeNumber(1, 65535, "is not a port number (1-65535)"), {
    whenUnset: `${smtpPort(false)} (${smtpPort(true)} with SMTP_SECURE)`,
    description: "Port of the SMTP relay.",
  }),
  SMTP_SECURE: envVar(flag, {
    whenUnset: `on for port ${smtpPort(true)}`,
    description: "TLS from the first byte (implicit TLS) instead of STARTTLS.",
  }),
  SMTP_USER: envVar(z.string(), {
    description: "SMTP user name (with SMTP_PASS).",
  }),
  SMTP_PASS: envVar(z.string(), {
    description: "SMTP password (with SMTP_USER).",
  }),
  SMTP_REQUIRE_TLS: envVar(flag, {
    default: "on",
    description:
      "Without SMTP_SECURE, refuse to send unless STARTTLS succeeds (codes never cross the network in clear).",
  }),
  SMTP_CA_FILE: envVar(z.string(), {
    description:
      "PEM file of extra CA certificates to trust for the SMTP relay.",
  }),
  MAIL_FROM: envVar(
    z.string().regex(/^[^<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/, {
      error: quoting('must be an address or "Name <address>"'),
    }),
    {
      description:
        'Sender of login-code e-mails, e.g. "福缘 <no-reply@example.com>".',
    },
  ),
});

type SmtpValues = z.output<typeof SMTP_ENV>;

/** SMTP's variables: with neither SMTP_URL nor SMTP_HOST, none of them may be set. */
const SMTP_VARIABLES = Object.keys(SMTP_ENV.shape);

export function smtpConfigOf(values: SmtpValues, env: Env): SmtpConfig | null {
  const url = values.SMTP_URL;
  if (url === undefined && values.SMTP_HOST === undefined) {
    const stray = SMTP_VARIABLES.find((name) => isSet(env, name));
    if (stray !== undefined)
      throw new ConfigError(
        stray,
        "is set but SMTP is not: also set SMTP_URL or SMTP_HOST",
      );
    return null;
  }
  const clash =
    url === undefined
      ? undefined
      : SMTP_URL_PARTS.find((name) => isSet(env, name));
  if (clash !== undefined)
    throw new ConfigError(
      clash,
      "cannot be combined with SMTP_URL (put it in the URL instead)",
    );
  const from = values.MAIL_FROM;
  if (from === undefined)
    throw new ConfigError("MAIL_FROM", "is required when SMTP is configured");
  return {
    ...(url ?? smtpFromParts(values)),
    requireTls: values.SMTP_REQUIRE_TLS,
    from,
    caFile: values.SMTP_CA_FILE ?? null,
  };
}

function smtpFromParts(values: SmtpValues): SmtpServer {
  const port = values.SMTP_PORT;
  const secure = values.SMTP_SECURE ?? port === smtpPort(true);
  const { SMTP_USER: user, SMTP_PASS: pass } = values;
  if ((user === undefined) !== (pass === undefined))
    throw new ConfigError(
      user === undefined ? "SMTP_USER" : "SMTP_PASS",
      "SMTP_USER and SMTP_PASS go together",
    );
  return {
    host: values.SMTP_HOST ?? "",
    port: port ?? smtpPort(secure),
    secure,
    auth: user === undefined || pass === undefined ? null : { user, pass },
  };
}

// Real e-mail: SMTP through nodemailer (implicit TLS on 465 or STARTTLS), localized text + HTML.
// SMTP failures become ProviderErrors: refused auth, rejected recipient, timeouts, dead servers.
import { createTransport } from "nodemailer";
import type { Transporter } from "nodemailer";
import { ProviderError, PROVIDERS } from "../errors";
import { loginCodeEmail } from "../loginCodeMessages";
import { DEFAULT_TIMEOUT_MS } from "../lib/http";
import { silentLogger } from "../lib/runtime";
import type { ProviderLogger } from "../lib/runtime";
import { checkedAddress } from "./EmailSender";
import type { EmailLoginCode, EmailSender } from "./EmailSender";

export interface SmtpEmailOptions {
  host: string;
  port: number;
  /** true: TLS from the first byte (port 465). false: plain connect, STARTTLS when offered. */
  secure: boolean;
  /** With secure=false, refuse to send unless STARTTLS succeeds. */
  requireTls?: boolean;
  auth?: { user: string; pass: string };
  /** "Fuyuan <no-reply@example.com>" */
  from: string;
  /** Extra trust for private relays (a CA bundle) and the name to verify the certificate against. */
  tls?: { ca?: string; servername?: string };
  /** Used for connect, greeting and socket inactivity each. */
  timeoutMs?: number;
  /** Overrides the app name of the locale in subject and signature. */
  appName?: string;
  logger?: ProviderLogger;
}

interface SmtpFailure {
  code?: unknown;
  responseCode?: unknown;
  command?: unknown;
}

export class SmtpEmailSender implements EmailSender {
  readonly #transport: Transporter;
  readonly #options: SmtpEmailOptions;
  readonly #logger: ProviderLogger;

  constructor(options: SmtpEmailOptions) {
    this.#options = options;
    this.#logger = options.logger ?? silentLogger;
    const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#transport = createTransport({
      host: options.host,
      port: options.port,
      secure: options.secure,
      requireTLS: options.requireTls ?? false,
      ...(options.auth === undefined ? {} : { auth: { ...options.auth } }),
      ...(options.tls === undefined ? {} : { tls: { ...options.tls } }),
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
  }

  async sendLoginCode(message: EmailLoginCode): Promise<void> {
    const to = checkedAddress(message.email, PROVIDERS.smtp);
    const rendered = loginCodeEmail(
      message.locale,
      message.code,
      message.ttlMinutes,
      this.#options.appName,
    );
    try {
      const info = await this.#transport.sendMail({
        from: this.#options.from,
        to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
      });
      this.#logger.info(
        { provider: PROVIDERS.smtp, messageId: info.messageId },
        "login code e-mail accepted",
      );
    } catch (error) {
      throw smtpError(error);
    }
  }

  close(): void {
    this.#transport.close();
  }
}

function smtpError(error: unknown): ProviderError {
  const failure: SmtpFailure =
    typeof error === "object" && error !== null ? error : {};
  const code = typeof failure.code === "string" ? failure.code : "UNKNOWN";
  const reply =
    typeof failure.responseCode === "number" ? failure.responseCode : undefined;
  const detail = `${code}${reply === undefined ? "" : ` ${reply}`}`;
  const options = { providerCode: reply ?? code, cause: error };
  switch (code) {
    case "EAUTH":
    case "ENOAUTH":
      return new ProviderError("EMAIL_AUTH_FAILED", PROVIDERS.smtp, {
        ...options,
        message: `the SMTP server refused the credentials (${detail})`,
      });
    case "ETIMEDOUT":
      return new ProviderError("EMAIL_TIMEOUT", PROVIDERS.smtp, {
        ...options,
        message: "the SMTP server did not answer in time",
        retryable: true,
      });
    case "EENVELOPE":
    case "EMESSAGE":
      // RFC 5321: 5yz is a permanent refusal, 4yz a transient one.
      if (reply !== undefined && reply >= 500) {
        return new ProviderError("EMAIL_REJECTED", PROVIDERS.smtp, {
          ...options,
          message: `the SMTP server refused the message (${detail})`,
        });
      }
      return new ProviderError("EMAIL_UNAVAILABLE", PROVIDERS.smtp, {
        ...options,
        message: `the SMTP server deferred the message (${detail})`,
        retryable: true,
      });
    default:
      return new ProviderError("EMAIL_UNAVAILABLE", PROVIDERS.smtp, {
        ...options,
        message: `the SMTP exchange failed (${detail})`,
        retryable: true,
      });
  }
}

// Development e-mail: the rendered subject and text go to the DevOutbox and the log, not to SMTP.
import { PROVIDERS } from "../errors";
import { loginCodeEmail } from "../loginCodeMessages";
import type { DevOutbox } from "../outbox/DevOutbox";
import type { ProviderLogger } from "../lib/runtime";
import { checkedAddress } from "./EmailSender";
import type { EmailLoginCode, EmailSender } from "./EmailSender";

export interface EmulatedEmailOptions {
  outbox: DevOutbox;
  logger: ProviderLogger;
  appName?: string;
}

export class EmulatedEmailSender implements EmailSender {
  readonly #options: EmulatedEmailOptions;

  constructor(options: EmulatedEmailOptions) {
    this.#options = options;
  }

  sendLoginCode(message: EmailLoginCode): Promise<void> {
    // NOTE: the executor turns a bad address (thrown by checkedAddress) into a rejection.
    return new Promise<void>((resolve) => {
      const to = checkedAddress(message.email, PROVIDERS.emulator);
      const rendered = loginCodeEmail(
        message.locale,
        message.code,
        message.ttlMinutes,
        this.#options.appName,
      );
      const entry = this.#options.outbox.add({
        channel: "email",
        to,
        code: message.code,
        text: `${rendered.subject}\n\n${rendered.text}`,
        locale: message.locale,
      });
      this.#options.logger.info(
        {
          provider: PROVIDERS.emulator,
          channel: "email",
          to,
          code: message.code,
          outboxId: entry.id,
        },
        "dev e-mail written to the outbox",
      );
      resolve();
    });
  }
}

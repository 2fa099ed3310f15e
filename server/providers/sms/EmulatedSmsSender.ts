// Development SMS: nothing leaves the machine; the rendered text goes to the DevOutbox and the log.
import { loginCodeSmsText } from "../loginCodeMessages";
import { PROVIDERS } from "../errors";
import type { DevOutbox } from "../outbox/DevOutbox";
import type { ProviderLogger } from "../lib/runtime";
import { toE164 } from "./SmsSender";
import type { SmsLoginCode, SmsSender } from "./SmsSender";

export interface EmulatedSmsOptions {
  outbox: DevOutbox;
  logger: ProviderLogger;
  /** Shown in 【】 like a real signature; defaults to the app name of the locale. */
  signName?: string;
}

export class EmulatedSmsSender implements SmsSender {
  readonly #options: EmulatedSmsOptions;

  constructor(options: EmulatedSmsOptions) {
    this.#options = options;
  }

  sendLoginCode(message: SmsLoginCode): Promise<void> {
    // NOTE: the executor turns a bad number (thrown by toE164) into a rejection, not a sync throw.
    return new Promise<void>((resolve) => {
      const to = toE164(message.areaCode, message.phone, PROVIDERS.emulator);
      const text = loginCodeSmsText(
        message.locale,
        message.code,
        message.ttlMinutes,
        this.#options.signName,
      );
      const entry = this.#options.outbox.add({
        channel: "sms",
        to,
        code: message.code,
        text,
        locale: message.locale,
      });
      this.#options.logger.info(
        {
          provider: PROVIDERS.emulator,
          channel: "sms",
          to,
          code: message.code,
          outboxId: entry.id,
        },
        "dev SMS written to the outbox",
      );
      resolve();
    });
  }
}

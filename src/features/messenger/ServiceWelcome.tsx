// What an empty chat with the service staff shows instead of an empty log: a greeting and a few
// common questions as chips; a tap sends that question as the user's first message.
import { useState } from "react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import "./serviceWelcome.css";

const QUESTIONS = [
  msg`怎样为家人供灯祈福？`,
  msg`下单后多久开始办理？`,
  msg`可以请法师为我诵经回向吗？`,
  msg`在哪里查看订单进度？`,
];

interface ServiceWelcomeProps {
  /** Sends `text` as the user's message; resolves true when it was queued. */
  readonly onAsk: (text: string) => Promise<boolean>;
}

export function ServiceWelcome({ onAsk }: ServiceWelcomeProps) {
  const { i18n } = useLingui();
  const [asking, setAsking] = useState(false);
  return (
    <section className="service-welcome" aria-labelledby="service-welcome">
      <p id="service-welcome" className="service-welcome-greeting">
        <Trans>您好，欢迎来到福缘客服。有什么可以帮您？</Trans>
      </p>
      <p className="service-welcome-hint">
        <Trans>您可以直接留言，或点选常见问题：</Trans>
      </p>
      <ul className="service-welcome-questions">
        {QUESTIONS.map((question) => {
          const text = i18n._(question);
          return (
            <li key={question.id}>
              <button
                type="button"
                className="service-welcome-question"
                disabled={asking}
                onClick={() => {
                  setAsking(true);
                  void onAsk(text).finally(() => {
                    setAsking(false);
                  });
                }}
              >
                {text}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

// The counter under a person's own textarea (a wish, a refund reason): "12 / 200 字" in the
// reader's language. Staff forms show the bare "12/200" (TextAreaField's default).
import { Trans } from "@lingui/react/macro";
import type { TextAreaCounter } from "./TextAreaField";

export function characterCounter(count: number, max: number): TextAreaCounter {
  return {
    count,
    max,
    text: (
      <Trans>
        {count} / {max} 字
      </Trans>
    ),
  };
}

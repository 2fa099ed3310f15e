// The optional note of a fulfilment move, which the customer reads: a textarea with the server's
// limit as a counter.
import { useLingui } from "@lingui/react/macro";
import { FULFILMENT_LIMITS } from "#contract";
import { TextAreaField } from "../../ui/TextAreaField";
import { charCounter } from "./staffForms";

/** The optional note of a fulfilment move (at most FULFILMENT_LIMITS.noteMaxChars). */
export function NoteField(props: {
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string | undefined;
  readonly disabled?: boolean;
}) {
  const { t } = useLingui();
  return (
    <TextAreaField
      {...props}
      label={t`备注（选填）`}
      hint={t`用户可以看到备注`}
      rows={3}
      counter={charCounter(props.value, FULFILMENT_LIMITS.noteMaxChars)}
    />
  );
}

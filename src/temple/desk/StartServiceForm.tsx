// 开始服务: the planned day of the blessing (from the day it was paid to a year ahead; today to
// start with) and an optional note the customer reads; sends order/v1/fulfil in_service.
import { useId, useState, type SyntheticEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { fulfilOrder, type StaffOrderDetail } from "../../api/staff";
import { useRouteLocale } from "../../i18n/useRouteLocale";
import { Field } from "../../ui/Field";
import {
  checkStartService,
  localDay,
  plannedAtOf,
  plannedDayRange,
  problemText,
  sendable,
  type FormProblem,
} from "./staffForms";
import { ActionError, ActionForm, SendButton } from "./FormParts";
import { NoteField } from "./NoteField";
import { useStaffAction } from "./useStaffAction";

export function StartServiceForm({ order }: { order: StaffOrderDetail }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const locale = useRouteLocale();
  const action = useStaffAction();
  const [range] = useState(() => plannedDayRange(new Date(), order.paidAt));
  const [day, setDay] = useState(() => {
    const today = localDay(new Date());
    return today > range.max ? range.max : today;
  });
  const [note, setNote] = useState("");
  const [problems, setProblems] = useState<{
    day?: FormProblem;
    note?: FormProblem;
  }>({});
  const text = (problem: FormProblem | undefined) =>
    problem === undefined ? undefined : problemText(i18n, problem);

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (action.busy) return;
    const found = checkStartService({ day, note }, range);
    setProblems(found);
    const first =
      found.day !== undefined
        ? "day"
        : found.note !== undefined
          ? "note"
          : null;
    if (first !== null) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const trimmed = sendable(note);
    void action.run(
      () =>
        fulfilOrder(
          {
            masterId: order.masterId,
            status: "in_service",
            plannedAt: plannedAtOf(day),
            ...(trimmed === "" ? {} : { note: trimmed }),
          },
          locale,
        ),
      { done: t`已开始服务`, fallback: t`提交失败，请稍后重试` },
    );
  };

  return (
    <ActionForm
      title={<Trans>开始服务</Trans>}
      lead={<Trans>选择法事的安排日期，用户会在订单进度中看到。</Trans>}
      busy={action.busy}
      onSubmit={submit}
    >
      <Field
        id={`${id}-day`}
        type="date"
        label={t`安排日期`}
        value={day}
        min={range.min}
        max={range.max}
        required
        disabled={action.busy}
        error={text(problems.day)}
        onChange={(event) => {
          setDay(event.target.value);
        }}
      />
      <NoteField
        id={`${id}-note`}
        value={note}
        onChange={setNote}
        disabled={action.busy}
        error={text(problems.note)}
      />
      <ActionError error={action.error} />
      <SendButton busy={action.busy} block>
        <Trans>开始服务</Trans>
      </SendButton>
    </ActionForm>
  );
}

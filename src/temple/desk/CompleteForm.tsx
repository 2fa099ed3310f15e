// 标记完成: one to nine proof photos (previews, upload state, retry, remove) and an optional note;
// sends order/v1/fulfil completed with the photos' stored names once every photo is uploaded.
import { useId, useState, type SyntheticEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { FULFILMENT_LIMITS, UPLOAD_IMAGE_TYPES } from "#contract";
import { fulfilOrder, type StaffOrderDetail } from "../../api/staff";
import { useRouteLocale } from "../../i18n/useRouteLocale";
import { CloseIcon, RefreshIcon } from "../../ui/icons";
import {
  checkComplete,
  problemText,
  sendable,
  type FormProblem,
} from "./staffForms";
import { ActionError, ActionForm, SendButton } from "./FormParts";
import { NoteField } from "./NoteField";
import { useProofPhotos } from "./useProofPhotos";
import { useStaffAction } from "./useStaffAction";

const ACCEPT = UPLOAD_IMAGE_TYPES.join(",");

export function CompleteForm({ order }: { order: StaffOrderDetail }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const locale = useRouteLocale();
  const action = useStaffAction();
  const proof = useProofPhotos();
  const [note, setNote] = useState("");
  const [problems, setProblems] = useState<{
    photos?: FormProblem;
    note?: FormProblem;
  }>({});
  const [leftOut, setLeftOut] = useState(0);
  const max = FULFILMENT_LIMITS.maxPhotos;
  const count = proof.photos.length;

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (action.busy) return;
    const found = checkComplete({
      photos: proof.photos.map((photo) => photo.state),
      note,
    });
    setProblems(found);
    if (found.photos !== undefined) {
      document.getElementById(`${id}-pick`)?.focus();
      return;
    }
    if (found.note !== undefined) {
      document.getElementById(`${id}-note`)?.focus();
      return;
    }
    const trimmed = sendable(note);
    const photoFileIds = proof.names();
    void action.run(
      async () => {
        const answer = await fulfilOrder(
          {
            masterId: order.masterId,
            status: "completed",
            photoFileIds,
            ...(trimmed === "" ? {} : { note: trimmed }),
          },
          locale,
        );
        proof.keep();
        return answer;
      },
      { done: t`已标记完成`, fallback: t`提交失败，请稍后重试` },
    );
  };

  const photosError =
    problems.photos === undefined
      ? undefined
      : problemText(i18n, problems.photos);

  return (
    <ActionForm
      title={<Trans>标记完成</Trans>}
      lead={
        <Trans>
          上传法事完成的照片（如点亮的灯、写有受益人姓名的牌位），用户会在订单进度中看到。
        </Trans>
      }
      busy={action.busy}
      onSubmit={submit}
    >
      <fieldset
        className={
          photosError === undefined
            ? "staff-photos-field"
            : "staff-photos-field has-error"
        }
        aria-describedby={[
          `${id}-photos-hint`,
          ...(photosError === undefined ? [] : [`${id}-photos-error`]),
        ].join(" ")}
      >
        <legend className="field-label">
          <Trans>
            完成照片（{count}/{max}）
          </Trans>
        </legend>
        <ul className="staff-photos">
          {proof.photos.map((photo, index) => {
            const n = index + 1;
            return (
              <li
                key={photo.key}
                className={`staff-photo is-${photo.state}`}
                aria-busy={photo.state === "uploading"}
              >
                <img src={photo.preview} alt={t`完成照片 ${n}`} />
                {photo.state === "uploading" ? (
                  <span className="staff-photo-state" role="status">
                    <Trans>上传中…</Trans>
                  </span>
                ) : null}
                {photo.state === "failed" ? (
                  <span className="staff-photo-state is-failed">
                    <span role="alert">{photo.error}</span>
                    <button
                      type="button"
                      className="btn btn-ghost staff-photo-retry"
                      disabled={action.busy}
                      onClick={() => {
                        proof.retry(photo.key);
                      }}
                    >
                      <RefreshIcon size={16} />
                      <Trans>重试</Trans>
                    </button>
                  </span>
                ) : null}
                <button
                  type="button"
                  className="icon-btn staff-photo-remove"
                  aria-label={t`移除照片 ${n}`}
                  disabled={action.busy}
                  onClick={() => {
                    proof.remove(photo.key);
                  }}
                >
                  <CloseIcon size={18} />
                </button>
              </li>
            );
          })}
          {proof.room > 0 ? (
            <li className="staff-photo-add">
              <input
                id={`${id}-pick`}
                type="file"
                accept={ACCEPT}
                multiple
                disabled={action.busy}
                className="visually-hidden"
                onChange={(event) => {
                  const files = [...(event.target.files ?? [])];
                  event.target.value = "";
                  setLeftOut(proof.add(files));
                  setProblems((current) =>
                    current.note === undefined ? {} : { note: current.note },
                  );
                }}
              />
              <label htmlFor={`${id}-pick`}>
                <Trans>添加照片</Trans>
              </label>
            </li>
          ) : null}
        </ul>
        <p id={`${id}-photos-hint`} className="field-hint">
          <Trans>1 至 {max} 张，JPG、PNG、WebP 或 GIF</Trans>
        </p>
        {leftOut > 0 ? (
          <p className="field-hint" role="status">
            <Trans>
              最多 {max} 张照片，多选的 {leftOut} 张未添加
            </Trans>
          </p>
        ) : null}
        {photosError === undefined ? null : (
          <p id={`${id}-photos-error`} className="field-error">
            {photosError}
          </p>
        )}
      </fieldset>
      <NoteField
        id={`${id}-note`}
        value={note}
        onChange={setNote}
        disabled={action.busy}
        error={
          problems.note === undefined
            ? undefined
            : problemText(i18n, problems.note)
        }
      />
      <ActionError error={action.error} />
      <SendButton busy={action.busy} block>
        <Trans>标记完成</Trans>
      </SendButton>
    </ActionForm>
  );
}

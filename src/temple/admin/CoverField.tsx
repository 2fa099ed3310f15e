// The product editor's cover picture (#22): the current cover or the picked picture, a file input
// (its label is the visible button) and the upload's progress or failure.
import { Trans, useLingui } from "@lingui/react/macro";
import type { CoverUpload } from "./useCoverUpload";

interface CoverFieldProps {
  readonly id: string;
  /** The saved cover's address; undefined for a new product. */
  readonly current: string | undefined;
  readonly upload: CoverUpload;
  readonly accept: string;
  readonly error: string | undefined;
  readonly disabled: boolean;
}

export function CoverField({
  id,
  current,
  upload,
  accept,
  error,
  disabled,
}: CoverFieldProps) {
  const { t } = useLingui();
  const shown = upload.preview ?? current;
  const described = [`${id}-hint`, error === undefined ? "" : `${id}-error`]
    .filter((part) => part !== "")
    .join(" ");
  return (
    <fieldset
      className={
        error === undefined ? "product-fieldset" : "product-fieldset has-error"
      }
    >
      <legend>
        <Trans>封面图片</Trans>
      </legend>
      <div className="product-cover-row">
        {shown === undefined ? (
          <div className="product-cover-preview is-empty" aria-hidden="true" />
        ) : (
          <img
            className="product-cover-preview"
            src={shown}
            alt={t`封面预览`}
            aria-busy={upload.state === "uploading"}
          />
        )}
        <div className="product-cover-pick">
          <input
            id={id}
            type="file"
            accept={accept}
            className="visually-hidden"
            disabled={disabled}
            aria-invalid={error === undefined ? undefined : true}
            aria-describedby={described}
            onChange={(event) => {
              const [file] = event.target.files ?? [];
              event.target.value = "";
              if (file !== undefined) upload.pick(file);
            }}
          />
          <label htmlFor={id} className="btn btn-ghost">
            {shown === undefined ? (
              <Trans>选择图片</Trans>
            ) : (
              <Trans>更换图片</Trans>
            )}
          </label>
          <p id={`${id}-hint`} className="field-hint">
            <Trans>JPG、PNG、WebP 或 GIF，横图（4:3）显示最好</Trans>
          </p>
          {upload.state === "uploading" ? (
            <p className="field-hint" role="status">
              <Trans>上传中…</Trans>
            </p>
          ) : upload.state === "stored" ? (
            <p className="field-hint" role="status">
              <Trans>已上传，保存后生效</Trans>
            </p>
          ) : upload.state === "failed" ? (
            <p className="field-error" role="alert">
              {upload.error}
            </p>
          ) : null}
          {error === undefined ? null : (
            <p id={`${id}-error`} className="field-error">
              {error}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  );
}

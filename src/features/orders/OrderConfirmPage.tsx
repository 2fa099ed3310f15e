// Placing an order: option, quantity, the fields the product asks for, consent to the blessing
// wall, the total; submit creates the order (server field errors shown on the field) and opens it.
import { useId, useState, type SyntheticEvent } from "react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { createOrder } from "../../api/commerce";
import { refusalTextOf, refusedFieldOf } from "../../api/ApiError";
import { formatPriceFen } from "../../lib/format";
import { useRouteLocale, useLocaleParam } from "../../i18n/useRouteLocale";
import { fieldErrorText, focusFormField } from "../../ui/fieldErrors";
import { Field } from "../../ui/Field";
import { TextAreaField } from "../../ui/TextAreaField";
import { characterCounter } from "../../ui/characterCounter";
import { usePageTitle } from "../../ui/usePageTitle";
import { localToday, textLength } from "../../lib/formText";
import {
  checkOrderForm,
  orderFieldNamed,
  orderBody,
  ORDER_LIMITS,
  type OrderField,
  type OrderFormErrors,
  type OrderFormValues,
} from "./orderForm";
import { initialOptionId, OptionRadios } from "../products/OptionRadios";
import { QuantityStepper } from "./QuantityStepper";
import "./orders.css";

const route = getRouteApi("/{-$locale}/productDetails/orderConfirm/$id");

const FIELD_ORDER: readonly OrderField[] = [
  "optionId",
  "quantity",
  "beneficiaryName",
  "wish",
  "birthDate",
];

export function OrderConfirmPage() {
  const { t, i18n } = useLingui();
  const product = route.useLoaderData();
  const search = route.useSearch();
  const locale = useRouteLocale();
  const localeParam = useLocaleParam();
  const navigate = useNavigate();
  const id = useId();
  usePageTitle(t`确认订单`);
  const [values, setValues] = useState<OrderFormValues>({
    optionId: initialOptionId(product.options, search.option),
    quantity: 1,
    beneficiaryName: "",
    wish: "",
    birthDate: "",
    showOnWall: false,
  });
  const [errors, setErrors] = useState<OrderFormErrors>({});
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const option = product.options.find((o) => o.id === values.optionId);
  const totalFen = option === undefined ? 0 : option.priceFen * values.quantity;
  const set = (patch: Partial<OrderFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
  };
  const errorText = (field: OrderField) => fieldErrorText(i18n, errors, field);
  const focusField = (field: OrderField) => {
    focusFormField(id, field);
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const next = checkOrderForm(values, product, localToday());
    setErrors(next);
    setFormError(undefined);
    const first = FIELD_ORDER.find((field) => next[field] !== undefined);
    if (first !== undefined || option === undefined) {
      focusField(first ?? "optionId");
      return;
    }
    setSubmitting(true);
    try {
      const order = await createOrder(
        orderBody(values, product, option.id),
        locale,
      );
      await navigate({
        to: "/{-$locale}/order",
        params: { locale: localeParam },
        search: { masterOrderNo: order.masterOrderNo },
      });
    } catch (error) {
      const message = refusalTextOf(error) ?? t`下单失败，请稍后重试`;
      const field = orderFieldNamed(refusedFieldOf(error));
      if (field === undefined) setFormError(message);
      else {
        setErrors({ [field]: message });
        focusField(field);
      }
      setSubmitting(false);
    }
  };

  return (
    <div className="page order-confirm">
      <header className="page-head">
        <h1>
          <Trans>确认订单</Trans>
        </h1>
        <p className="muted">{product.title}</p>
      </header>
      <form
        noValidate
        aria-busy={submitting}
        onSubmit={(event) => {
          void submit(event);
        }}
      >
        <fieldset
          className="card order-fieldset"
          aria-describedby={
            errors.optionId === undefined ? undefined : `${id}-option-error`
          }
        >
          <legend id={`${id}-option-legend`} className="field-label">
            <Trans>选择方案</Trans>
          </legend>
          <OptionRadios
            options={product.options}
            name={`${id}-option`}
            value={values.optionId}
            onChange={(optionId) => {
              set({ optionId });
            }}
            labelledBy={`${id}-option-legend`}
            firstId={`${id}-optionId`}
          />
          {errors.optionId === undefined ? null : (
            <p id={`${id}-option-error`} className="field-error">
              {errorText("optionId")}
            </p>
          )}
        </fieldset>

        <div className="card order-fieldset">
          <QuantityStepper
            id={`${id}-quantity`}
            value={values.quantity}
            error={errorText("quantity")}
            onChange={(quantity) => {
              set({ quantity });
            }}
          />
          {product.asks.beneficiary ? (
            <Field
              id={`${id}-beneficiaryName`}
              label={t`受益人姓名`}
              error={errorText("beneficiaryName")}
              autoComplete="name"
              maxLength={ORDER_LIMITS.maxBeneficiaryName * 2}
              value={values.beneficiaryName}
              onChange={(event) => {
                set({ beneficiaryName: event.target.value });
              }}
            />
          ) : null}
          {product.asks.birthDate ? (
            <Field
              id={`${id}-birthDate`}
              label={t`出生日期`}
              error={errorText("birthDate")}
              type="date"
              min="1900-01-01"
              max={localToday()}
              value={values.birthDate}
              onChange={(event) => {
                set({ birthDate: event.target.value });
              }}
            />
          ) : null}
          {product.asks.wish ? (
            <WishField
              id={`${id}-wish`}
              value={values.wish}
              error={errorText("wish")}
              onChange={(wish) => {
                set({ wish });
              }}
            />
          ) : null}
          <label className="order-consent">
            <input
              type="checkbox"
              checked={values.showOnWall}
              onChange={(event) => {
                set({ showOnWall: event.target.checked });
              }}
            />
            <span>
              <Trans>同意将心愿匿名展示在祈福墙上（姓名会隐去部分文字）</Trans>
            </span>
          </label>
        </div>

        {formError === undefined ? null : (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}

        <div className="action-bar order-submit-bar">
          <p className="price price-lg">
            <Trans>
              合计{" "}
              <strong data-testid="order-total">
                {formatPriceFen(totalFen)}
              </strong>
            </Trans>
          </p>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={submitting}
          >
            {submitting ? <Trans>提交中…</Trans> : <Trans>提交订单</Trans>}
          </button>
        </div>
      </form>
    </div>
  );
}

function WishField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const count = textLength(value);
  const max = ORDER_LIMITS.maxWish;
  return (
    <TextAreaField
      id={id}
      label={<Trans>心愿</Trans>}
      rows={4}
      value={value}
      error={error}
      counter={characterCounter(count, max)}
      onChange={onChange}
    />
  );
}

// /admin/products: every product in shop order, hidden ones too — cover, title, category, prices,
// orders — and its editor (?edit=<id>, or ?edit=new to create one). Hiding a product asks first
// (the shop stops showing it; orders made stay as they are); showing it again does not.
import { useEffect, useState } from "react";
import { Link, useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { CATEGORY_LABELS } from "../../features/products/categoryLabels";
import { useLocaleParam, useRouteLocale } from "../../i18n/useRouteLocale";
import { usePageTitle } from "../../ui/usePageTitle";
import { type AdminProduct, setProductActive } from "./adminApi";
import type { ProductsData } from "./adminLoaders";
import { ActionError, ConfirmStep } from "./ConfirmStep";
import { ProductEditor } from "./ProductEditor";
import { priceRangeText } from "./productForm";
import { useAdminAction } from "./useAdminAction";
import "./adminProducts.css";

const NEW_BUTTON_ID = "product-new";
const editLinkId = (id: number) => `product-${String(id)}-edit`;
const SORT_STEP = 10;
// NOTE: the list takes the focus back where the editor was opened, or to the product just saved.
// The element waits here, not in state: the route may mount the list afresh after the editor.
let focusOnList: string | undefined;

export function ProductsPage({ data }: { readonly data: ProductsData }) {
  const navigate = useNavigate({ from: "/{-$locale}/admin/$section" });
  const editing =
    typeof data.edit === "number"
      ? data.list.find((product) => product.id === data.edit)
      : undefined;
  if (data.edit === "new" || editing !== undefined) {
    const back = editing === undefined ? NEW_BUTTON_ID : editLinkId(editing.id);
    const close = (savedId?: number) => {
      focusOnList = savedId === undefined ? back : editLinkId(savedId);
      void navigate({ search: {} });
    };
    const last = Math.max(0, ...data.list.map((product) => product.sortOrder));
    return (
      <ProductEditor
        key={String(data.edit)}
        product={editing}
        monks={data.monks}
        nextSortOrder={last + SORT_STEP}
        onClose={close}
      />
    );
  }
  return <ProductList list={data.list} />;
}

function ProductList({ list }: { list: readonly AdminProduct[] }) {
  const { t } = useLingui();
  const locale = useLocaleParam();
  useEffect(() => {
    const target = focusOnList;
    focusOnList = undefined;
    if (target !== undefined) document.getElementById(target)?.focus();
  }, []);
  usePageTitle(t({ message: "商品", context: "admin section" }));
  return (
    <section aria-labelledby="admin-products-title">
      <div className="product-list-head">
        <h2 id="admin-products-title" className="admin-title">
          <Trans context="admin section">商品</Trans>
        </h2>
        <Link
          id={NEW_BUTTON_ID}
          to="/{-$locale}/admin/$section"
          params={{ locale, section: "products" }}
          search={{ edit: "new" }}
          className="btn btn-primary"
        >
          <Trans context="product editor">新建商品</Trans>
        </Link>
      </div>
      {list.length === 0 ? (
        <p className="empty">
          <Trans>还没有商品</Trans>
        </p>
      ) : (
        <ul className="admin-list" aria-label={t`商品列表`}>
          {list.map((product) => (
            <li key={product.id}>
              <ProductRow product={product} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ProductRow({ product }: { product: AdminProduct }) {
  const { t, i18n } = useLingui();
  const locale = useRouteLocale();
  const localeParam = useLocaleParam();
  const action = useAdminAction();
  const [confirming, setConfirming] = useState(false);
  // NOTE: the hide/show button is gone during the confirm step and disabled while busy: it takes
  // the focus back once it is there again.
  const [refocus, setRefocus] = useState(0);
  const id = `product-${String(product.id)}`;
  const title = product.title[locale];
  const prices = priceRangeText(product.options);
  const toggleId = `${id}-toggle`;
  useEffect(() => {
    if (refocus > 0) document.getElementById(toggleId)?.focus();
  }, [refocus, toggleId]);
  const backToToggle = () => {
    setConfirming(false);
    setRefocus((n) => n + 1);
  };
  const setActive = async (active: boolean) => {
    const done = await action.run(() => setProductActive(product.id, active), {
      done: active ? t`已上架` : t`已下架`,
      fallback: t`操作失败，请稍后再试`,
    });
    if (done) backToToggle();
  };
  return (
    <article
      className="card admin-card product-row"
      aria-labelledby={`${id}-name`}
    >
      <img
        className="product-row-cover"
        src={product.cover}
        alt=""
        width={96}
        height={72}
        loading="lazy"
        decoding="async"
      />
      <div className="product-row-body">
        <header className="admin-card-head">
          <h3 id={`${id}-name`}>{title}</h3>
          {product.active ? null : (
            <span className="chip admin-chip-banned">
              <Trans>已下架</Trans>
            </span>
          )}
        </header>
        <dl className="admin-facts">
          <dt>
            <Trans>类别</Trans>
          </dt>
          <dd>{i18n._(CATEGORY_LABELS[product.category])}</dd>
          <dt>
            <Trans>价格</Trans>
          </dt>
          <dd>{prices ?? <Trans>未设规格</Trans>}</dd>
          <dt>
            <Trans>订单数</Trans>
          </dt>
          <dd>{product.orderCount}</dd>
        </dl>
      </div>
      <div className="admin-buttons product-row-buttons">
        <Link
          id={editLinkId(product.id)}
          to="/{-$locale}/admin/$section"
          params={{ locale: localeParam, section: "products" }}
          search={{ edit: product.id }}
          className="btn btn-ghost"
          aria-label={t`编辑 ${title}`}
        >
          <Trans>编辑</Trans>
        </Link>
        {confirming ? null : (
          <button
            id={toggleId}
            type="button"
            className={
              product.active ? "btn admin-danger-ghost" : "btn btn-ghost"
            }
            disabled={action.busy}
            aria-busy={action.busy}
            onClick={() => {
              if (product.active) setConfirming(true);
              else void setActive(true);
            }}
          >
            {product.active ? <Trans>下架</Trans> : <Trans>上架</Trans>}
          </button>
        )}
      </div>
      {confirming ? (
        <div className="product-row-confirm">
          <ConfirmStep
            question={
              <Trans>
                确定下架“{title}”吗？商店将不再显示它，已有的订单不受影响。
              </Trans>
            }
            confirm={<Trans>确认下架</Trans>}
            danger
            busy={action.busy}
            onConfirm={() => {
              void setActive(false);
            }}
            onCancel={backToToggle}
          />
        </div>
      ) : null}
      <ActionError error={action.error} />
    </article>
  );
}

// One blessing service: cover, description, its options with prices (one chosen), and the monk who
// performs it. The order button opens the order form with the chosen option (the form asks
// signed-out users to log in first).
import { useState } from "react";
import { getRouteApi, Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatPriceFen } from "../../lib/format";
import { usePageTitle } from "../../ui/usePageTitle";
import { LazyImage } from "../../ui/LazyImage";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { MonkCard } from "../temples/MonkCard";
import { CATEGORY_LABELS } from "./categoryLabels";
import { initialOptionId } from "./OptionRadios";
import { ProductOptions } from "./ProductOptions";
import { Supporters } from "./Supporters";
import "./products.css";

const route = getRouteApi("/{-$locale}/productDetails/$id");

export function ProductDetailsPage() {
  const { i18n } = useLingui();
  const product = route.useLoaderData();
  usePageTitle(product.title);
  const price = formatPriceFen(product.fromPriceFen);
  const locale = useLocaleParam();
  const [chosen, setChosen] = useState<number>();
  // NOTE: the page stays mounted from one product to another: an option of another product is none.
  const optionId = initialOptionId(product.options, chosen);
  const option = product.options.find((o) => o.id === optionId);

  return (
    <article className="page product" aria-labelledby="product-title">
      <LazyImage
        className="product-cover"
        src={product.cover}
        alt=""
        width={640}
        height={480}
        eager
      />
      <div className="product-head card">
        <span className="chip">
          {i18n._(CATEGORY_LABELS[product.category])}
        </span>
        <h1 id="product-title">{product.title}</h1>
        <p className="muted">{product.summary}</p>
        <p className="price price-lg">
          <Trans>
            <strong>{price}</strong> 起
          </Trans>
        </p>
        <Supporters count={product.supporters} category={product.category} />
      </div>

      {product.options.length > 0 ? (
        <ProductOptions
          options={product.options}
          value={optionId}
          onChange={setChosen}
        />
      ) : null}

      {product.description.length > 0 ? (
        <section
          className="section card product-description"
          aria-labelledby="product-description"
        >
          <h2 id="product-description">
            <Trans>服务说明</Trans>
          </h2>
          {product.description.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </section>
      ) : null}

      {product.monk !== null ? (
        <section className="section" aria-labelledby="product-monk">
          <h2 id="product-monk">
            <Trans>主法法师</Trans>
          </h2>
          <MonkCard monk={product.monk} />
        </section>
      ) : null}

      {option !== undefined ? (
        <div className="action-bar product-order-bar">
          <p className="price">
            <span className="product-order-option">{option.label}</span>{" "}
            <strong>{formatPriceFen(option.priceFen)}</strong>
          </p>
          <Link
            className="btn btn-primary"
            to="/{-$locale}/productDetails/orderConfirm/$id"
            params={{ locale, id: product.id }}
            search={{ option: optionId }}
          >
            <Trans>立即下单</Trans>
          </Link>
        </div>
      ) : null}
    </article>
  );
}

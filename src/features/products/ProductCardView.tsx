// A blessing service as a card: cover, category, title, monk and the lowest price.
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ProductCard } from "../../api/types";
import { formatPriceFen } from "../../lib/format";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { LazyImage } from "../../ui/LazyImage";
import { CATEGORY_LABELS } from "./categoryLabels";
import "./productCard.css";

// NOTE: re-exported from the contract: the server preloads the same covers with the home page.
export { CARDS_ABOVE_FOLD } from "#contract";

export function ProductCardView({
  product,
  eager = false,
}: {
  product: ProductCard;
  /** A card above the fold: its cover is not lazy (see LazyImage). */
  eager?: boolean;
}) {
  const { i18n } = useLingui();
  const locale = useLocaleParam();
  const price = formatPriceFen(product.fromPriceFen);
  return (
    <Link
      to="/{-$locale}/productDetails/$id"
      params={{ locale, id: product.id }}
      className="card product-card"
    >
      <LazyImage
        className="product-card-cover"
        src={product.cover}
        alt=""
        width={320}
        height={240}
        eager={eager}
      />
      <div className="product-card-body">
        <span className="chip">
          {i18n._(CATEGORY_LABELS[product.category])}
        </span>
        <h3 className="product-card-title">{product.title}</h3>
        {product.monkName !== null ? (
          <p className="product-card-monk">{product.monkName}</p>
        ) : null}
        <p className="price">
          <Trans>
            <strong>{price}</strong> 起
          </Trans>
        </p>
      </div>
    </Link>
  );
}

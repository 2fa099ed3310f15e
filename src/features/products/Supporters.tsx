// Social proof on a service's page, from our own data: how many people have taken part (paid,
// in service or completed orders), worded for the kind of service ("已有 128 人供灯"). Nothing is
// shown before the first.
import { Plural } from "@lingui/react/macro";
import type { ProductCategory } from "../../api/types";

export function Supporters({
  count,
  category,
}: {
  count: number;
  category: ProductCategory;
}) {
  if (count <= 0) return null;
  return (
    <p className="product-supporters">
      {category === "lamp" ? (
        <Plural value={count} one="已有 # 人供灯" other="已有 # 人供灯" />
      ) : category === "incense" ? (
        <Plural value={count} one="已有 # 人上香" other="已有 # 人上香" />
      ) : category === "sutra" ? (
        <Plural
          value={count}
          one="已有 # 人参与诵经"
          other="已有 # 人参与诵经"
        />
      ) : (
        <Plural value={count} one="已有 # 人参与" other="已有 # 人参与" />
      )}
    </p>
  );
}

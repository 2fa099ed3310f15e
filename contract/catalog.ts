// What the shop's catalogue and its clients share: the categories a blessing product belongs to.
// The server stores and checks them (products.category), the tab filters and labels by them.

/** The categories of blessing products, in the order the shop shows them. */
export const PRODUCT_CATEGORIES = [
  "lamp",
  "incense",
  "sutra",
  "prayer",
  "release",
  "plaque",
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

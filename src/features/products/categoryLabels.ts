// Display names of the blessing service categories (translated with Lingui).
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { ProductCategory } from "../../api/types";

export const CATEGORY_LABELS: Record<ProductCategory, MessageDescriptor> = {
  lamp: msg`供灯`,
  incense: msg`上香`,
  sutra: msg`诵经`,
  prayer: msg`祈福法会`,
  release: msg`放生`,
  plaque: msg`供奉牌位`,
};

// Sets document.title to "<page> · 福缘" while a page is shown.
import { useEffect } from "react";
import { useLingui } from "@lingui/react/macro";

export function usePageTitle(title: string | undefined): void {
  const { t } = useLingui();
  const brand = t`福缘`;
  useEffect(() => {
    document.title =
      title === undefined || title === "" ? brand : `${title} · ${brand}`;
  }, [title, brand]);
}

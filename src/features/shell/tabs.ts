// The four bottom tabs and the paths that count as tab roots (no back button in the header).
export const TAB_PATHS = ["/", "/services", "/destiny", "/my"] as const;

export function isTabRoot(pathWithoutLocale: string): boolean {
  const path =
    pathWithoutLocale.length > 1
      ? pathWithoutLocale.replace(/\/$/, "")
      : pathWithoutLocale;
  return (TAB_PATHS as readonly string[]).includes(path);
}

/** The tab root a path lies under ("/my" for "/my/settings"), or undefined. */
export function tabRootOf(pathWithoutLocale: string): string | undefined {
  return TAB_PATHS.find(
    (root) => root !== "/" && pathWithoutLocale.startsWith(`${root}/`),
  );
}

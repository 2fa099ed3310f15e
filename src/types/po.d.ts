// Ambient type for Lingui catalogs: the vite plugin compiles `.po` files into this shape.
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}

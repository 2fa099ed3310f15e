// The admin's product editor API (#22) under /api/app/admin/v1/products: list every product (hidden
// ones too, all three languages), create or edit one with its options and prices, hide or show it.
// Admins only (403 FORBIDDEN for everyone else); each change is audited in its own transaction.
import {
  AdminProduct,
  AdminProductList,
  ProductSaveBody,
  ProductVisibilityBody,
} from "#contract/schemas";
import { EnvelopeOf, ok } from "../../http/envelope";
import { HttpError } from "../../http/errors";
import { BEARER, signedIn, signedInRoutes } from "../auth/authenticate";
import type { DomainPlugin } from "../../http/domainPlugin";
import { ORDER_ERRORS } from "../orders/schemas";
import { requireAdmin } from "./adminAccess";
import { saveProduct, setProductActive } from "./productCommands";
import { adminProduct, adminProducts, monkChoices } from "./productQueries";

const tags = ["admin"];

export const adminProductRoutes: DomainPlugin = (app, deps) => {
  const { db, auth, clock } = deps;
  const admin = (request: Parameters<typeof signedIn>[0]) =>
    requireAdmin(db, signedIn(request).userId);
  const saved = async (id: number) => {
    const product = await adminProduct(db, id);
    if (product === undefined)
      throw new HttpError("PRODUCT_NOT_FOUND", `no product ${String(id)}`);
    return product;
  };

  return signedInRoutes(app, auth, (app) => {
    app.get(
      "/admin/v1/products",
      {
        schema: {
          tags,
          summary:
            "Every product in shop order, hidden ones too, with options and order counts",
          security: BEARER,
          response: { 200: EnvelopeOf(AdminProductList), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        await admin(request);
        const [list, monks] = await Promise.all([
          adminProducts(db),
          monkChoices(db),
        ]);
        return ok({ list, monks });
      },
    );

    app.post(
      "/admin/v1/products/save",
      {
        schema: {
          tags,
          summary:
            "Create a product (no id) or edit one: texts, cover, monk, questions, options and prices",
          security: BEARER,
          body: ProductSaveBody,
          response: { 200: EnvelopeOf(AdminProduct), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const me = await admin(request);
        const id = await saveProduct(
          db,
          request.body,
          me.userId,
          new Date(clock()),
        );
        return ok(await saved(id));
      },
    );

    app.post(
      "/admin/v1/products/visibility",
      {
        schema: {
          tags,
          summary:
            "Hide a product from the shop (no new orders) or show it again",
          security: BEARER,
          body: ProductVisibilityBody,
          response: { 200: EnvelopeOf(AdminProduct), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const me = await admin(request);
        await setProductActive(db, {
          ...request.body,
          actorUserId: me.userId,
          now: new Date(clock()),
        });
        return ok(await saved(request.body.id));
      },
    );
  });
};

// The service staff's workspace under /api/app/staff/v1 (#22): the team's quick replies (monks read
// them too), the private note on a customer, the customer's context beside the thread, handing a
// chat to another staff member or a monk, and whose chats the caller answers. Service staff and
// admins only, except reading quick replies.
import {
  AssignedCustomers,
  CustomerContext,
  CustomerQuery,
  DeleteQuickReplyBody,
  HandOffBody,
  HandOffTargets,
  QuickReply,
  QuickReplyList,
  SaveNoteBody,
  SaveQuickReplyBody,
} from "#contract/schemas";
import { Type } from "typebox";
import { EnvelopeOf, ok } from "../../http/envelope";
import { HttpError } from "../../http/errors";
import { BEARER, signedIn, signedInRoutes } from "../auth/authenticate";
import { requireStaff, type StaffMember } from "../fulfilment/staffAccess";
import type { DomainPlugin } from "../../http/domainPlugin";
import { ORDER_ERRORS } from "../orders/schemas";
import { assignedCustomers } from "./assignedCustomers";
import { handOffChat, handOffTargets } from "./handOff";
import {
  customerByImId,
  customerContext,
  deleteQuickReply,
  listQuickReplies,
  saveCustomerNote,
  saveQuickReply,
} from "./workspaceData";

const tags = ["workspace"];

/** Service staff and admins; a monk gets 403 FORBIDDEN. */
function assertDesk(staff: StaffMember): void {
  if (!staff.isService && !staff.isAdmin)
    throw new HttpError("FORBIDDEN", "only service staff may do this");
}

export const workspaceRoutes: DomainPlugin = (app, deps) => {
  const { db, auth, clock, im, logger } = deps;
  const now = () => new Date(clock());
  const desk = async (userId: number) => {
    const staff = await requireStaff(db, userId);
    assertDesk(staff);
    return staff;
  };

  return signedInRoutes(app, auth, (app) => {
    app.get(
      "/staff/v1/quickReplies",
      {
        schema: {
          tags,
          summary:
            "The team's quick replies, oldest first (staff, admins, monks)",
          security: BEARER,
          response: { 200: EnvelopeOf(QuickReplyList), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        await requireStaff(db, signedIn(request).userId);
        return ok({ list: await listQuickReplies(db) });
      },
    );

    app.post(
      "/staff/v1/quickReplies/save",
      {
        schema: {
          tags,
          summary: "Add (no id) or edit a quick reply",
          security: BEARER,
          body: SaveQuickReplyBody,
          response: { 200: EnvelopeOf(QuickReply), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const staff = await desk(signedIn(request).userId);
        return ok(await saveQuickReply(db, staff.userId, request.body, now()));
      },
    );

    app.post(
      "/staff/v1/quickReplies/delete",
      {
        schema: {
          tags,
          summary: "Delete a quick reply",
          security: BEARER,
          body: DeleteQuickReplyBody,
          response: { 200: EnvelopeOf(Type.Null()), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const staff = await desk(signedIn(request).userId);
        await deleteQuickReply(db, staff.userId, request.body.id, now());
        return ok(null);
      },
    );

    app.get(
      "/staff/v1/customer",
      {
        schema: {
          tags,
          summary:
            "A customer's context beside the thread: profile, who answers them, invite relation, staff's note, agreements",
          security: BEARER,
          querystring: CustomerQuery,
          response: { 200: EnvelopeOf(CustomerContext), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        await desk(signedIn(request).userId);
        const customer = await customerByImId(db, request.query.imId);
        return ok(await customerContext(db, customer));
      },
    );

    app.post(
      "/staff/v1/customer/note",
      {
        schema: {
          tags,
          summary:
            "Write (or, with blank text, clear) staff's private note on a customer",
          security: BEARER,
          body: SaveNoteBody,
          response: { 200: EnvelopeOf(CustomerContext), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const staff = await desk(signedIn(request).userId);
        const customer = await customerByImId(db, request.body.imId);
        await saveCustomerNote(
          db,
          staff.userId,
          customer.id,
          request.body.text,
          now(),
        );
        return ok(await customerContext(db, customer));
      },
    );

    app.get(
      "/staff/v1/assigned",
      {
        schema: {
          tags,
          summary:
            "The IM ids of the customers whose chats the caller answers (at most 1000, newest first)",
          security: BEARER,
          response: { 200: EnvelopeOf(AssignedCustomers), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const staff = await desk(signedIn(request).userId);
        return ok(await assignedCustomers(db, staff.userId));
      },
    );

    app.get(
      "/staff/v1/handOff/targets",
      {
        schema: {
          tags,
          summary: "Who a chat can be handed to: service staff and monks",
          security: BEARER,
          response: { 200: EnvelopeOf(HandOffTargets), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        await desk(signedIn(request).userId);
        return ok({ list: await handOffTargets(db) });
      },
    );

    app.post(
      "/staff/v1/handOff",
      {
        schema: {
          tags,
          summary:
            "Hand a customer's chat to another staff member or a monk (the customer is told in the chat)",
          security: BEARER,
          body: HandOffBody,
          response: { 200: EnvelopeOf(CustomerContext), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const staff = await desk(signedIn(request).userId);
        const customer = await customerByImId(db, request.body.imId);
        await handOffChat(
          { db, im, logger },
          staff.userId,
          customer,
          request.body.toImId,
          now(),
        );
        return ok(await customerContext(db, customer));
      },
    );
  });
};

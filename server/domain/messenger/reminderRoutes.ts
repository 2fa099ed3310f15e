// Reminder calls under /api/app/wuKong/v1/reminders: sync mine by version, mark mine done.
import { Type } from "typebox";
import { EnvelopeOf, ok } from "../../http/envelope";
import type { DomainPlugin } from "../../http/domainPlugin";
import { BEARER, signedIn } from "../auth/authenticate";
import { markRemindersDone, syncReminders } from "./reminders";
import {
  Reminder,
  ReminderDoneRequest,
  ReminderSyncRequest,
} from "#contract/schemas";
import { IM_ERRORS } from "./schemas";

const tags = ["im"];

export const reminderRoutes: DomainPlugin = (app, { db, im }) => {
  app.post(
    "/wuKong/v1/reminders/sync",
    {
      schema: {
        tags,
        summary: "My reminders changed after `version` (done ones included)",
        security: BEARER,
        body: ReminderSyncRequest,
        response: { 200: EnvelopeOf(Type.Array(Reminder)), ...IM_ERRORS },
      },
    },
    async (request) => {
      const me = signedIn(request);
      const body = request.body;
      return ok(
        await syncReminders(
          db,
          me.imId,
          body.version,
          body.limit ?? 200,
          body.channel_ids,
        ),
      );
    },
  );

  app.post(
    "/wuKong/v1/reminders/done",
    {
      schema: {
        tags,
        summary: "Mark my reminders done",
        security: BEARER,
        body: ReminderDoneRequest,
        response: { 200: EnvelopeOf(Type.Null()), ...IM_ERRORS },
      },
    },
    async (request) => {
      await markRemindersDone(db, im, signedIn(request).imId, request.body.ids);
      return ok(null);
    },
  );
};

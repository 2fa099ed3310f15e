// TypeBox schemas of the service staff's workspace (#22) under /api/app/staff/v1: quick replies
// the team shares, a private note per customer, handing a customer's chat to a monk or another
// staff member, and the customer's context beside the thread. The server validates with them;
// the tab derives its types from them (src/temple/workspace/workspaceApi.ts).
import { type Static, Type } from "typebox";
import { WORKSPACE_LIMITS } from "../fulfilment";
import { DateTime, Id, ImId } from "./common";

export const QuickReply = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  updatedAt: DateTime,
});

export const QuickReplyList = Type.Object({ list: Type.Array(QuickReply) });

export const SaveQuickReplyBody = Type.Object(
  {
    /** Absent: a new reply. */
    id: Type.Optional(Id),
    text: Type.String({
      minLength: 1,
      maxLength: WORKSPACE_LIMITS.quickReplyMaxChars,
    }),
  },
  { additionalProperties: false },
);

export const DeleteQuickReplyBody = Type.Object(
  { id: Id },
  { additionalProperties: false },
);

export const CustomerQuery = Type.Object({ imId: ImId });

export const SaveNoteBody = Type.Object(
  {
    imId: ImId,
    /** Empty clears the note. */
    text: Type.String({ maxLength: WORKSPACE_LIMITS.noteMaxChars }),
  },
  { additionalProperties: false },
);

export const HandOffBody = Type.Object(
  {
    /** The customer whose chat moves. */
    imId: ImId,
    /** The service staff member or monk who answers from now on. */
    toImId: ImId,
  },
  { additionalProperties: false },
);

export const WorkspacePerson = Type.Object({
  imId: Type.String(),
  nickname: Type.String(),
  avatarUrl: Type.String(),
});

export const CustomerContext = Type.Object({
  userId: Type.Integer(),
  imId: Type.String(),
  nickname: Type.String(),
  avatarUrl: Type.String(),
  createdAt: DateTime,
  /** Who answers this customer's chat now (getVirtual), or null before the first chat. */
  assignedTo: Type.Union([WorkspacePerson, Type.Null()]),
  invitedBy: Type.Union([WorkspacePerson, Type.Null()]),
  invitees: Type.Integer({
    description: "How many people this customer invited.",
  }),
  note: Type.Union([
    Type.Object({
      text: Type.String(),
      updatedAt: DateTime,
      updatedBy: Type.Union([Type.String(), Type.Null()], {
        description: "Nickname of the staff member who wrote it last.",
      }),
    }),
    Type.Null(),
  ]),
  agreements: Type.Array(
    Type.Object({
      id: Type.Integer(),
      masterId: Type.Integer(),
      status: Type.String({ description: "sent | signed" }),
      createdAt: DateTime,
      signedAt: Type.Union([DateTime, Type.Null()]),
    }),
  ),
});

/** Who a chat can be handed to: service staff and monks (not banned). */
export const HandOffTarget = Type.Object({
  ...WorkspacePerson.properties,
  role: Type.Union([Type.Literal("service"), Type.Literal("monk")]),
});

export const HandOffTargets = Type.Object({ list: Type.Array(HandOffTarget) });

/** The IM ids of the customers whose chats the caller answers (newest assignment first). */
export const AssignedCustomers = Type.Object({
  list: Type.Array(Type.String()),
  truncated: Type.Boolean({
    description:
      "More customers are assigned than the list holds (ASSIGNED_LIST_MAX, 1000).",
  }),
});

export type QuickReplyDto = Static<typeof QuickReply>;
export type CustomerContextDto = Static<typeof CustomerContext>;

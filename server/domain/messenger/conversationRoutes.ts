// Conversation calls under /api/app/wuKong/v1: my conversation list (full or incremental by
// version, filtered by peer role), mark read, delete, total unread.
import { Type } from "typebox";
import { ChannelType } from "#protocol";
import { EnvelopeOf, ok } from "../../http/envelope";
import type { DomainPlugin } from "../../http/domainPlugin";
import { BEARER, signedIn } from "../auth/authenticate";
import { requirePeer } from "./channelAccess";
import {
  deleteConversation,
  listConversations,
  markRead,
  markReadTo,
  unreadTotal,
} from "./conversations";
import {
  ChannelRequest,
  Conversation,
  ConversationListQuery,
  ConversationState,
  SetUnreadRequest,
  UnreadCount,
} from "#contract/schemas";
import { IM_ERRORS } from "./schemas";

const tags = ["im"];

export const conversationRoutes: DomainPlugin = (app, { db, im, push }) => {
  app.get(
    "/wuKong/v1/conversationList",
    {
      schema: {
        tags,
        summary: "My conversations with recent messages and the peer's profile",
        security: BEARER,
        querystring: ConversationListQuery,
        response: { 200: EnvelopeOf(Type.Array(Conversation)), ...IM_ERRORS },
      },
    },
    async (request) => {
      const me = signedIn(request);
      const query = request.query;
      await im.catchUp(me.imId, null);
      return ok(
        await listConversations(db, im, me.imId, {
          filter: query.type ?? "all",
          version: query.version ?? 0,
          msgCount: query.msg_count ?? 1,
          limit: query.limit ?? 200,
        }),
      );
    },
  );

  app.post(
    "/wuKong/v1/conversations/setUnread",
    {
      schema: {
        tags,
        summary:
          "Mark a conversation read (optionally leaving `unread` messages unread, or up to `message_seq`)",
        security: BEARER,
        body: SetUnreadRequest,
        response: {
          200: EnvelopeOf(Type.Union([ConversationState, Type.Null()])),
          ...IM_ERRORS,
        },
      },
    },
    async (request) => {
      const me = signedIn(request);
      const body = request.body;
      const peer = await requirePeer(
        db,
        me,
        body.channel_id,
        body.channel_type ?? ChannelType.PERSON,
      );
      await im.catchUp(me.imId, peer.imId);
      const state =
        body.message_seq === undefined
          ? await markRead(
              db,
              me.imId,
              peer.imId,
              peer.channelKey,
              body.unread ?? 0,
            )
          : await markReadTo(
              db,
              me.imId,
              peer.imId,
              peer.channelKey,
              body.message_seq,
            );
      // NOTE: read here closes this conversation's push notification on the user's other devices.
      if (state?.unread === 0)
        push.conversationRead(
          me.imId,
          peer.imId,
          state.channel_type,
          state.readed_to_msg_seq,
        );
      return ok(state);
    },
  );

  app.get(
    "/wuKong/v1/conversations/unreadCount",
    {
      schema: {
        tags,
        summary: "My total unread",
        security: BEARER,
        response: { 200: EnvelopeOf(UnreadCount), ...IM_ERRORS },
      },
    },
    async (request) => {
      const { imId } = signedIn(request);
      await im.catchUp(imId, null);
      return ok({ unread: await unreadTotal(db, imId) });
    },
  );

  app.post(
    "/wuKong/v1/conversations/delete",
    {
      schema: {
        tags,
        summary:
          "Hide a conversation until a new message; older messages stay hidden for me",
        security: BEARER,
        body: ChannelRequest,
        response: { 200: EnvelopeOf(Type.Null()), ...IM_ERRORS },
      },
    },
    async (request) => {
      const me = signedIn(request);
      const body = request.body;
      const peer = await requirePeer(
        db,
        me,
        body.channel_id,
        body.channel_type ?? ChannelType.PERSON,
      );
      await im.catchUp(me.imId, peer.imId);
      await deleteConversation(db, me.imId, peer.imId, peer.channelKey);
      return ok(null);
    },
  );
};

// Message calls under /api/app/wuKong/v1: send (as the signed-in user, or to their service staff),
// history sync, read receipts, extras sync and revoke. Signed-in only; channels the caller is
// not a party of are 403.
import { ChannelType } from "#protocol";
import { EnvelopeOf, ok } from "../../http/envelope";
import type { DomainPlugin } from "../../http/domainPlugin";
import { Type } from "typebox";
import { BEARER, signedIn } from "../auth/authenticate";
import { requireLoginUid, requirePeer } from "./channelAccess";
import {
  MAX_EXTRA_SYNC,
  markMessagesRead,
  revokeMessage,
  syncExtras,
} from "./messageExtras";
import { DEFAULT_SYNC_LIMIT, syncMessages } from "./messageSync";
import {
  ExtraSyncRequest,
  MessageExtra,
  MessageReadedRequest,
  MessageReadedResult,
  MessageSyncRequest,
  MessageSyncResult,
  RevokeRequest,
  SendMessageRequest,
  SentMessage,
  ServiceSendRequest,
} from "#contract/schemas";
import { IM_ERRORS } from "./schemas";
import { payloadBytes, sentOrThrow } from "./sendOverHttp";
import { assignedServiceUid } from "./serviceAssignment";

const tags = ["im"];
/** Tells a user's live connections that a channel's extras changed (receipts, revoke). */
export const SYNC_EXTRA_CMD = "syncMessageExtra";

export const messageRoutes: DomainPlugin = (app, { db, im, clock }) => {
  const extrasChanged = (toUid: string, channelId: string) => {
    im.notify({
      toUid,
      channelId,
      channelType: ChannelType.PERSON,
      cmd: SYNC_EXTRA_CMD,
      param: { channel_id: channelId, channel_type: ChannelType.PERSON },
    });
  };

  app.post(
    "/wuKong/v1/sendMessage",
    {
      schema: {
        tags,
        summary:
          "Send a message as the signed-in user (like SEND: de-duplicated, stored, delivered)",
        security: BEARER,
        body: SendMessageRequest,
        response: { 200: EnvelopeOf(SentMessage), ...IM_ERRORS },
      },
    },
    async (request) => {
      const me = signedIn(request);
      const body = request.body;
      const channelType = body.channel_type ?? ChannelType.PERSON;
      const peer = await requirePeer(db, me, body.channel_id, channelType);
      const result = await im.send({
        fromUid: me.imId,
        channelId: peer.imId,
        channelType,
        payload: payloadBytes(body.payload),
        ...(body.client_msg_no === undefined
          ? {}
          : { clientMsgNo: body.client_msg_no }),
        ...(body.setting === undefined ? {} : { setting: body.setting }),
        ...(body.expire === undefined ? {} : { expire: body.expire }),
        redDot: body.header?.red_dot !== 0,
        noPersist: body.header?.no_persist === 1,
        syncOnce: body.header?.sync_once === 1,
      });
      return ok(sentOrThrow(result, peer.imId, channelType));
    },
  );

  app.post(
    "/wuKong/v1/serviceSend",
    {
      schema: {
        tags,
        summary:
          "Send a message to my service staff (assigned as by oapi/v1/getVirtual)",
        security: BEARER,
        body: ServiceSendRequest,
        response: { 200: EnvelopeOf(SentMessage), ...IM_ERRORS },
      },
    },
    async (request) => {
      const me = signedIn(request);
      const staff = await assignedServiceUid(db, me.userId);
      const result = await im.send({
        fromUid: me.imId,
        channelId: staff,
        channelType: ChannelType.PERSON,
        payload: payloadBytes(request.body.payload),
        ...(request.body.client_msg_no === undefined
          ? {}
          : { clientMsgNo: request.body.client_msg_no }),
      });
      return ok(sentOrThrow(result, staff, ChannelType.PERSON));
    },
  );

  app.post(
    "/wuKong/v1/messageSync",
    {
      schema: {
        tags,
        summary:
          "A page of a personal channel's history (WuKongIM /channel/messagesync)",
        security: BEARER,
        body: MessageSyncRequest,
        response: { 200: EnvelopeOf(MessageSyncResult), ...IM_ERRORS },
      },
    },
    async (request) => {
      const me = signedIn(request);
      const body = request.body;
      requireLoginUid(body.login_uid, me);
      const peer = await requirePeer(
        db,
        me,
        body.channel_id,
        body.channel_type,
      );
      await im.catchUp(me.imId, peer.imId);
      return ok(
        await syncMessages(db, me, peer, {
          startMessageSeq: body.start_message_seq ?? 0,
          endMessageSeq: body.end_message_seq ?? 0,
          limit: body.limit ?? DEFAULT_SYNC_LIMIT,
          pullMode: body.pull_mode ?? 0,
        }),
      );
    },
  );

  app.post(
    "/wuKong/v1/messageReaded",
    {
      schema: {
        tags,
        summary: "Read receipts for receipt-enabled messages I received",
        security: BEARER,
        body: MessageReadedRequest,
        response: { 200: EnvelopeOf(MessageReadedResult), ...IM_ERRORS },
      },
    },
    async (request) => {
      const me = signedIn(request);
      const body = request.body;
      const peer = await requirePeer(
        db,
        me,
        body.channel_id,
        body.channel_type,
      );
      await im.catchUp(me.imId, peer.imId);
      const updated = await markMessagesRead(
        db,
        clock(),
        peer,
        body.message_ids.map((id) => BigInt(id)),
      );
      if (updated.length > 0) extrasChanged(peer.imId, me.imId);
      return ok({ updated });
    },
  );

  app.post(
    "/wuKong/v1/messageExtraSync",
    {
      schema: {
        tags,
        summary: `Message extras changed after extra_version (at most ${MAX_EXTRA_SYNC})`,
        security: BEARER,
        body: ExtraSyncRequest,
        response: { 200: EnvelopeOf(Type.Array(MessageExtra)), ...IM_ERRORS },
      },
    },
    async (request) => {
      const me = signedIn(request);
      const body = request.body;
      requireLoginUid(body.login_uid, me);
      const peer = await requirePeer(
        db,
        me,
        body.channel_id,
        body.channel_type,
      );
      await im.catchUp(me.imId, peer.imId);
      return ok(
        await syncExtras(
          db,
          me,
          peer,
          body.extra_version,
          body.limit ?? MAX_EXTRA_SYNC,
        ),
      );
    },
  );

  app.post(
    "/wuKong/v1/revoke",
    {
      schema: {
        tags,
        summary:
          "Revoke my message (within 2 minutes); both sides see it in the extras",
        security: BEARER,
        body: RevokeRequest,
        response: { 200: EnvelopeOf(MessageExtra), ...IM_ERRORS },
      },
    },
    async (request) => {
      const me = signedIn(request);
      const body = request.body;
      const peer = await requirePeer(
        db,
        me,
        body.channel_id,
        body.channel_type,
      );
      await im.catchUp(me.imId, peer.imId);
      const extra = await revokeMessage(
        db,
        clock(),
        me,
        peer,
        BigInt(body.message_id),
      );
      extrasChanged(peer.imId, me.imId);
      extrasChanged(me.imId, peer.imId);
      return ok(extra);
    },
  );
};

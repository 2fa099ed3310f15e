// IDOR table, part 2: the messaging API. Alice and Carol share a personal channel; Bob tries to
// reach it by naming it (the "alice@carol" storage key), by claiming Alice's login_uid, by using
// Alice's message ids, reminder ids and client_msg_no. Conversation delete comes last: it hides
// the history Alice's controls read.
import { personalChannelKey } from "../../../../server/domain/messenger/channelKey";
import type { IdorWorld } from "./idorWorld";
import { envelopeOf, type RouteTable } from "./probes";

const PAYLOAD = { type: 1, content: "hello" };
/** The storage key of Alice and Carol's channel (what a curious client would try as an id). */
const channelKey = (w: IdorWorld) =>
  personalChannelKey(w.alice.imId, w.carol.imId);

/** Dave's send answered with his own new message, never Alice's (de-duplication is per sender). */
const notAlicesMessage = (reply: { text: string }, w: IdorWorld) => {
  const sent = envelopeOf({ ...reply, status: 200, sent: "" }).data as {
    message_idstr: string;
  };
  expect(sent.message_idstr).not.toBe(w.objects.message.messageId);
};

export const IM_ROUTES: RouteTable = {
  "POST wuKong/v1/messageSync": {
    class: "owned",
    refs: ["channel_id", "login_uid"],
    why: "history of a personal channel the caller is a party of",
    probes: [
      {
        label: "Bob claims Alice's login_uid for her channel with Carol",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "wuKong/v1/messageSync", {
            login_uid: w.alice.imId,
            channel_id: w.carol.imId,
            channel_type: 1,
          }),
        control: {
          run: (w) =>
            w.call(w.alice, "POST", "wuKong/v1/messageSync", {
              login_uid: w.alice.imId,
              channel_id: w.carol.imId,
              channel_type: 1,
            }),
          status: 200,
          shows: "clientMsgNo",
        },
      },
      {
        label: "Bob names the alice@carol channel",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "wuKong/v1/messageSync", {
            login_uid: w.bob.imId,
            channel_id: channelKey(w),
            channel_type: 1,
          }),
      },
      {
        label: "Bob names Alice as a group channel",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "wuKong/v1/messageSync", {
            login_uid: w.bob.imId,
            channel_id: w.alice.imId,
            channel_type: 2,
          }),
      },
      {
        label: "Bob's own channel with Alice holds nothing of hers with Carol",
        expect: "scoped",
        mayShow: ["imId"],
        attempt: (w) =>
          w.call(w.bob, "POST", "wuKong/v1/messageSync", {
            login_uid: w.bob.imId,
            channel_id: w.alice.imId,
            channel_type: 1,
          }),
      },
    ],
  },
  "POST wuKong/v1/messageExtraSync": {
    class: "owned",
    refs: ["channel_id", "login_uid"],
    why: "receipts and revokes of a channel the caller is a party of",
    probes: [
      {
        label: "Bob claims Alice's login_uid",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "wuKong/v1/messageExtraSync", {
            login_uid: w.alice.imId,
            channel_id: w.carol.imId,
            channel_type: 1,
            extra_version: 0,
          }),
        control: {
          run: (w) =>
            w.call(w.alice, "POST", "wuKong/v1/messageExtraSync", {
              login_uid: w.alice.imId,
              channel_id: w.carol.imId,
              channel_type: 1,
              extra_version: 0,
            }),
          status: 200,
        },
      },
      {
        label: "Bob names the alice@carol channel",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "wuKong/v1/messageExtraSync", {
            channel_id: channelKey(w),
            channel_type: 1,
            extra_version: 0,
          }),
      },
    ],
  },
  "POST wuKong/v1/messageReaded": {
    class: "owned",
    refs: ["channel_id", "message_ids"],
    why: "read receipts for messages the caller received",
    probes: [
      {
        label:
          "Bob marks Alice's message to Carol read (as his channel with Carol)",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "wuKong/v1/messageReaded", {
            channel_id: w.carol.imId,
            channel_type: 1,
            message_ids: [w.objects.message.messageId],
          }),
        control: {
          run: (w) =>
            w.call(w.carol, "POST", "wuKong/v1/messageReaded", {
              channel_id: w.alice.imId,
              channel_type: 1,
              message_ids: [w.objects.message.messageId],
            }),
          status: 200,
        },
      },
      {
        label: "Bob marks it read as his channel with Alice",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "wuKong/v1/messageReaded", {
            channel_id: w.alice.imId,
            channel_type: 1,
            message_ids: [w.objects.message.messageId],
          }),
      },
    ],
  },
  "POST wuKong/v1/revoke": {
    class: "owned",
    refs: ["channel_id", "client_msg_no", "message_id"],
    why: "only the sender revokes a message, in its own channel",
    probes: [
      {
        label: "Bob revokes Alice's message (as his channel with Carol)",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "wuKong/v1/revoke", {
            channel_id: w.carol.imId,
            channel_type: 1,
            message_id: w.objects.message.messageId,
            client_msg_no: w.objects.message.clientMsgNo,
          }),
      },
      {
        label: "Carol (the recipient) revokes Alice's message",
        expect: "refused",
        attempt: (w) =>
          w.call(w.carol, "POST", "wuKong/v1/revoke", {
            channel_id: w.alice.imId,
            channel_type: 1,
            message_id: w.objects.message.messageId,
          }),
      },
      {
        label: "Bob revokes it as his channel with Alice",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "wuKong/v1/revoke", {
            channel_id: w.alice.imId,
            channel_type: 1,
            message_id: w.objects.message.messageId,
          }),
        control: {
          run: (w) =>
            w.call(w.alice, "POST", "wuKong/v1/revoke", {
              channel_id: w.carol.imId,
              channel_type: 1,
              message_id: w.objects.message.messageId,
            }),
          status: 200,
        },
      },
    ],
  },
  "POST wuKong/v1/sendMessage": {
    class: "owned",
    refs: ["channel_id", "client_msg_no"],
    why: "sends as the caller into their own channel with another user",
    probes: [
      {
        label: "Bob sends into the alice@carol channel",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "wuKong/v1/sendMessage", {
            channel_id: channelKey(w),
            channel_type: 1,
            payload: PAYLOAD,
          }),
      },
      {
        label: "Bob sends as a group to Alice",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "wuKong/v1/sendMessage", {
            channel_id: w.alice.imId,
            channel_type: 2,
            payload: PAYLOAD,
          }),
      },
      {
        label: "Dave reuses Alice's client_msg_no: a new message of his own",
        expect: "scoped",
        attempt: (w) =>
          w.call(w.dave, "POST", "wuKong/v1/sendMessage", {
            channel_id: w.carol.imId,
            channel_type: 1,
            payload: PAYLOAD,
            client_msg_no: w.objects.message.clientMsgNo,
          }),
        check: notAlicesMessage,
      },
    ],
  },
  "POST wuKong/v1/serviceSend": {
    class: "owned",
    refs: ["client_msg_no"],
    why: "sends as the caller to their own service staff",
    probes: [
      {
        label: "Dave reuses Alice's client_msg_no: a new message of his own",
        expect: "scoped",
        attempt: (w) =>
          w.call(w.dave, "POST", "wuKong/v1/serviceSend", {
            payload: PAYLOAD,
            client_msg_no: w.objects.message.clientMsgNo,
          }),
        check: notAlicesMessage,
      },
    ],
  },
  "POST wuKong/v1/reminders/sync": {
    class: "owned",
    refs: ["channel_ids"],
    why: "channel_ids filters the caller's own reminders",
    probes: [
      {
        label: "Bob asks for reminders of Alice's agreement channel",
        expect: "scoped",
        attempt: (w) =>
          w.call(w.bob, "POST", "wuKong/v1/reminders/sync", {
            version: 0,
            channel_ids: [w.staff.imId, w.alice.imId],
          }),
        control: {
          run: (w) =>
            w.call(w.alice, "POST", "wuKong/v1/reminders/sync", {
              version: 0,
              channel_ids: [w.staff.imId],
            }),
          status: 200,
          shows: "agreementOrderNo",
        },
      },
    ],
  },
  "POST wuKong/v1/reminders/done": {
    class: "owned",
    refs: ["ids"],
    why: "only the user a reminder is for marks it done",
    probes: [
      {
        label: "Bob marks Alice's reminder done",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "wuKong/v1/reminders/done", {
            ids: [w.objects.reminderId],
          }),
        control: {
          run: (w) =>
            w.call(w.alice, "POST", "wuKong/v1/reminders/done", {
              ids: [w.objects.reminderId],
            }),
          status: 200,
        },
      },
    ],
  },
  "POST wuKong/v1/conversations/setUnread": {
    class: "owned",
    refs: ["channel_id"],
    why: "the caller's own conversation state",
    probes: [
      {
        label: "Bob marks the alice@carol conversation",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "wuKong/v1/conversations/setUnread", {
            channel_id: channelKey(w),
            channel_type: 1,
          }),
        control: {
          run: (w) =>
            w.call(w.alice, "POST", "wuKong/v1/conversations/setUnread", {
              channel_id: w.carol.imId,
              channel_type: 1,
            }),
          status: 200,
        },
      },
    ],
  },
  "POST wuKong/v1/conversations/delete": {
    class: "owned",
    refs: ["channel_id"],
    why: "the caller's own conversation list",
    probes: [
      {
        label: "Bob deletes the alice@carol conversation",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "wuKong/v1/conversations/delete", {
            channel_id: channelKey(w),
            channel_type: 1,
          }),
        control: {
          run: (w) =>
            w.call(w.alice, "POST", "wuKong/v1/conversations/delete", {
              channel_id: w.carol.imId,
              channel_type: 1,
            }),
          status: 200,
        },
      },
    ],
  },
};

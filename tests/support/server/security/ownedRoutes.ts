// IDOR table, part 1: routes that reference orders, payments, agreements, files, blessings and
// accounts. In each probe Bob (or a monk who does not serve the order) presents Alice's
// reference; the control is the owner's (or staff's) same request. Entries whose controls change
// Alice's objects come last in their group, and the test runs them in this order.
import { png } from "../../../server/files/imageFixtures";
import type { RouteEntry, RouteTable } from "./probes";

/** Native and H5 payment: Bob is refused Alice's unpaid order, which Alice may pay. */
function ownerPays(route: string): RouteEntry {
  return {
    class: "owned",
    refs: ["masterId", "masterOrderNo"],
    why: "only the owner pays (and learns the amount of) an order",
    probes: [
      {
        label: "Bob, Alice's unpaid order",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", route, {
            masterId: w.objects.pending.masterId,
          }),
        control: {
          run: (w) =>
            w.call(w.alice, "POST", route, {
              masterId: w.objects.pending.masterId,
            }),
          status: 200,
          shows: "masterOrderNo",
        },
      },
    ],
  };
}

export const OWNED_ROUTES: RouteTable = {
  "GET order/v1/detail": {
    class: "owned",
    refs: ["masterId", "masterOrderNo"],
    why: "an order is its owner's",
    probes: [
      {
        label: "Bob, Alice's order by masterId",
        expect: "refused",
        attempt: (w) =>
          w.call(
            w.bob,
            "GET",
            `order/v1/detail?masterId=${w.objects.pending.masterId}`,
          ),
        control: {
          run: (w) =>
            w.call(
              w.alice,
              "GET",
              `order/v1/detail?masterId=${w.objects.pending.masterId}`,
            ),
          status: 200,
          shows: "masterOrderNo",
        },
      },
      {
        label: "Bob, Alice's order by masterOrderNo",
        expect: "refused",
        attempt: (w) =>
          w.call(
            w.bob,
            "GET",
            `order/v1/detail?masterOrderNo=${w.objects.pending.masterOrderNo}`,
          ),
        control: {
          run: (w) =>
            w.call(
              w.alice,
              "GET",
              `order/v1/detail?masterOrderNo=${w.objects.pending.masterOrderNo}`,
            ),
          status: 200,
          shows: "beneficiaryName",
        },
      },
    ],
  },
  "GET pay/v1/status": {
    class: "owned",
    refs: ["masterId", "masterOrderNo"],
    why: "payment status of the owner's order",
    probes: [
      {
        label: "Bob, Alice's order by masterId",
        expect: "refused",
        attempt: (w) =>
          w.call(
            w.bob,
            "GET",
            `pay/v1/status?masterId=${w.objects.paid.masterId}`,
          ),
        control: {
          run: (w) =>
            w.call(
              w.alice,
              "GET",
              `pay/v1/status?masterId=${w.objects.paid.masterId}`,
            ),
          status: 200,
          shows: "paidOrderNo",
        },
      },
      {
        label: "Bob, Alice's order by masterOrderNo",
        expect: "refused",
        attempt: (w) =>
          w.call(
            w.bob,
            "GET",
            `pay/v1/status?masterOrderNo=${w.objects.paid.masterOrderNo}`,
          ),
      },
    ],
  },
  "POST pay/v1/native": ownerPays("pay/v1/native"),
  "POST pay/v1/h5": ownerPays("pay/v1/h5"),
  "POST pay/v1/oauthState": {
    class: "owned",
    refs: ["masterId", "masterOrderNo"],
    why: "the payer-openid authorisation of the owner's order",
    probes: [
      {
        label: "Bob, Alice's unpaid order",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "pay/v1/oauthState", {
            masterOrderNo: w.objects.pending.masterOrderNo,
          }),
        control: {
          run: (w) =>
            w.call(w.alice, "POST", "pay/v1/oauthState", {
              masterOrderNo: w.objects.pending.masterOrderNo,
            }),
          status: 200,
        },
      },
    ],
  },
  "POST pay/v1/bindOpenid": {
    class: "owned",
    refs: ["code", "masterId", "state"],
    why: "binds a payer to the owner's order (state rules: oauthState.test.ts)",
    probes: [
      {
        label: "Bob, Alice's unpaid order",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "pay/v1/bindOpenid", {
            code: "code-of-bob",
            state: "state-of-bob",
            masterId: w.objects.pending.masterId,
          }),
        // NOTE: 400 "state does not match this order": the order was found, only the state is wrong.
        control: {
          run: (w) =>
            w.call(w.alice, "POST", "pay/v1/bindOpenid", {
              code: "code-of-bob",
              state: "state-of-bob",
              masterId: w.objects.pending.masterId,
            }),
          status: 400,
        },
      },
    ],
  },
  "POST pay/v1/jsapi": {
    class: "owned",
    refs: ["masterId", "masterOrderNo", "url"],
    why: "only the owner pays an order (url is the caller's own page)",
    probes: [
      {
        label: "Bob, Alice's unpaid order",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "pay/v1/jsapi", {
            masterId: w.objects.pending.masterId,
            url: `${w.server.baseUrl}/pay`,
          }),
        // NOTE: 409 "no payer openid yet": the order was found and is payable.
        control: {
          run: (w) =>
            w.call(w.alice, "POST", "pay/v1/jsapi", {
              masterId: w.objects.pending.masterId,
              url: `${w.server.baseUrl}/pay`,
            }),
          status: 409,
        },
      },
    ],
  },
  "GET prayer/v1/agreement": {
    class: "owned",
    refs: ["id"],
    why: "an agreement is its customer's",
    probes: [
      {
        label: "Bob, Alice's agreement",
        expect: "refused",
        attempt: (w) =>
          w.call(
            w.bob,
            "GET",
            `prayer/v1/agreement?id=${w.objects.agreed.agreementId}`,
          ),
        control: {
          run: (w) =>
            w.call(
              w.alice,
              "GET",
              `prayer/v1/agreement?id=${w.objects.agreed.agreementId}`,
            ),
          status: 200,
          shows: "agreementOrderNo",
        },
      },
      {
        label:
          "the staff member who sent it (agreements are read by their customer only)",
        expect: "refused",
        attempt: (w) =>
          w.call(
            w.staff,
            "GET",
            `prayer/v1/agreement?id=${w.objects.agreed.agreementId}`,
          ),
      },
    ],
  },
  "POST prayer/v1/sendAgreement": {
    class: "owned",
    refs: ["masterOrderNo"],
    why: "service staff (and the monk of the service) send agreements for a customer's order",
    probes: [
      {
        label: "Bob (a customer), Alice's paid order",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "prayer/v1/sendAgreement", {
            masterOrderNo: w.objects.paid.masterOrderNo,
          }),
        control: {
          run: (w) =>
            w.call(w.staff, "POST", "prayer/v1/sendAgreement", {
              masterOrderNo: w.objects.paid.masterOrderNo,
            }),
          status: 200,
        },
      },
      {
        label: "a monk, Alice's order of another monk's service",
        expect: "refused",
        attempt: (w) =>
          w.call(w.monk, "POST", "prayer/v1/sendAgreement", {
            masterOrderNo: w.objects.paid.masterOrderNo,
          }),
      },
    ],
  },
  "GET prayer/v1/signableOrders": {
    class: "owned",
    refs: ["imId"],
    why: "staff list a chat peer's orders; customers may not, a monk sees only their services",
    probes: [
      {
        label: "Bob (a customer), Alice's orders",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "GET", `prayer/v1/signableOrders?imId=${w.alice.imId}`),
        control: {
          run: (w) =>
            w.call(
              w.staff,
              "GET",
              `prayer/v1/signableOrders?imId=${w.alice.imId}`,
            ),
          status: 200,
          shows: "paidOrderNo",
        },
      },
      {
        label: "a monk, Alice's orders of another monk's service",
        expect: "scoped",
        attempt: (w) =>
          w.call(
            w.monk,
            "GET",
            `prayer/v1/signableOrders?imId=${w.alice.imId}`,
          ),
      },
    ],
  },
  "GET prayer/v1/chatAgreements": {
    class: "owned",
    refs: ["imId"],
    why: "answers the caller's own agreements from that peer, never another customer's",
    probes: [
      {
        label: "Bob, agreements from Alice's staff member",
        expect: "scoped",
        attempt: (w) =>
          w.call(w.bob, "GET", `prayer/v1/chatAgreements?imId=${w.staff.imId}`),
        control: {
          run: (w) =>
            w.call(
              w.alice,
              "GET",
              `prayer/v1/chatAgreements?imId=${w.staff.imId}`,
            ),
          status: 200,
          shows: "agreementOrderNo",
        },
      },
      {
        label: "the staff member, naming Alice",
        expect: "scoped",
        attempt: (w) =>
          w.call(
            w.staff,
            "GET",
            `prayer/v1/chatAgreements?imId=${w.alice.imId}`,
          ),
      },
    ],
  },
  "POST prayer/v1/signContract": {
    class: "owned",
    refs: ["agreementId"],
    schemaless: true,
    why: "only the customer signs their agreement (multipart fields agreementId, type, size, file)",
    probes: [
      {
        label: "Bob signs Alice's agreement",
        expect: "refused",
        attempt: (w) =>
          w.multipart(
            w.bob,
            "prayer/v1/signContract",
            { agreementId: String(w.objects.agreed.agreementId) },
            png(40, 20),
          ),
        // NOTE: Alice can still sign: Bob's try left it unsigned.
        control: {
          run: (w) =>
            w.multipart(
              w.alice,
              "prayer/v1/signContract",
              { agreementId: String(w.objects.agreed.agreementId) },
              png(40, 20),
            ),
          status: 200,
        },
      },
    ],
  },
  "POST wuKong/v1/contractSend": {
    class: "owned",
    refs: ["agreementId"],
    why: "only the customer sends their signed agreement into the chat",
    probes: [
      {
        label: "Bob, Alice's signed agreement",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "wuKong/v1/contractSend", {
            agreementId: w.objects.agreed.agreementId,
          }),
        control: {
          run: (w) =>
            w.call(w.alice, "POST", "wuKong/v1/contractSend", {
              agreementId: w.objects.agreed.agreementId,
            }),
          status: 200,
        },
      },
    ],
  },
  "GET oapi/v1/blessings/:id": {
    class: "public",
    refs: ["id"],
    why: "the blessing wall is public, but only for paid orders whose owners consented",
    probes: [
      {
        label: "Bob, Alice's paid order that is not on the wall",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "GET", `oapi/v1/blessings/${w.objects.paid.masterId}`),
      },
      {
        label: "Bob, Alice's unpaid order",
        expect: "refused",
        attempt: (w) =>
          w.call(
            w.bob,
            "GET",
            `oapi/v1/blessings/${w.objects.pending.masterId}`,
          ),
      },
    ],
  },
  "POST blessing/v1/join": {
    class: "owned",
    refs: ["id"],
    why: "anyone joins a blessing on the wall; an order not on it does not exist for others",
    probes: [
      {
        label: "Bob joins Alice's paid order that is not on the wall",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "blessing/v1/join", {
            id: w.objects.paid.masterId,
          }),
      },
    ],
  },
  "POST user/v1/bindPhone": {
    class: "owned",
    refs: ["account", "areaCode", "code", "imId"],
    why: "binds a phone to the caller after its code (imId must be the caller's; code rules: oneTimeCodes.test.ts)",
    probes: [
      {
        label: "Bob, naming Alice's IM id",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "user/v1/bindPhone", {
            account: w.bob.phone,
            code: "123456",
            areaCode: "86",
            imId: w.alice.imId,
          }),
      },
    ],
  },
  "POST user/bindParentInviteCode": {
    class: "public",
    refs: ["parentInviteCode"],
    why: "invite codes are handed out to be used; the answer shows the inviter's public card only",
    probes: [
      {
        label: "Dave binds Alice's invite code",
        expect: "scoped",
        mayShow: ["nickname", "inviteCode"],
        attempt: (w) =>
          w.call(w.dave, "POST", "user/bindParentInviteCode", {
            parentInviteCode: w.secrets.find((s) => s.label === "inviteCode")!
              .value,
          }),
      },
    ],
  },
  "DELETE file/v1/:name": {
    class: "owned",
    refs: ["name"],
    why: "only the uploader deletes a file",
    probes: [
      {
        label: "Bob deletes Alice's upload",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "DELETE", `file/v1/${w.objects.fileName}`),
        control: {
          run: (w) =>
            w.call(w.alice, "DELETE", `file/v1/${w.objects.fileName}`),
          status: 200,
        },
      },
    ],
  },
  "POST order/v1/cancel": {
    class: "owned",
    refs: ["masterId", "masterOrderNo"],
    why: "only the owner cancels an order",
    probes: [
      {
        label: "Bob, Alice's unpaid order by masterOrderNo",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "order/v1/cancel", {
            masterOrderNo: w.objects.pending.masterOrderNo,
          }),
      },
      {
        label: "Bob, Alice's unpaid order by masterId",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "order/v1/cancel", {
            masterId: w.objects.pending.masterId,
          }),
        control: {
          run: (w) =>
            w.call(w.alice, "POST", "order/v1/cancel", {
              masterId: w.objects.pending.masterId,
            }),
          status: 200,
          shows: "masterOrderNo",
        },
      },
    ],
  },
};

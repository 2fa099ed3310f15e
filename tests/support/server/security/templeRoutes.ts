// IDOR table, part 5: the temple's side (#22). Order desk routes are for service staff, admins and
// the monk of the order's service: Bob (a customer) gets 403, the demo monk asking for Alice's
// order of another monk's service 404; the staff workspace is for service staff and admins. The
// controls prove the reference was real without changing Alice's objects (a refusal that needs
// the order found: no photo, nothing to review, not refundable).
import { ADMIN_ROUTES } from "./adminRoutes";
import type { RouteEntry, RouteTable } from "./probes";

const forbidden = [403] as const;

/** A workspace route about a customer (`imId`): Bob and the monk are refused, staff are not. */
function deskAbout(
  method: "GET" | "POST",
  route: string,
  body: (aliceImId: string, bobImId: string) => Record<string, string>,
  control: { status: number; shows?: "nickname" },
  refs: readonly string[] = ["imId"],
): RouteEntry {
  const call = (
    w: Parameters<NonNullable<RouteEntry["probes"]>[number]["attempt"]>[0],
    who: typeof w.bob,
  ) => {
    const fields = body(w.alice.imId, w.bob.imId);
    return method === "GET"
      ? w.call(who, "GET", `${route}?${new URLSearchParams(fields).toString()}`)
      : w.call(who, "POST", route, fields);
  };
  return {
    class: "owned",
    refs,
    why: "what staff know of a customer is for service staff and admins only",
    probes: [
      {
        label: "Bob (a customer), about Alice",
        expect: "refused",
        refusedWith: forbidden,
        attempt: (w) => call(w, w.bob),
        control: { run: (w) => call(w, w.staff), ...control },
      },
      {
        label: "a monk, about Alice",
        expect: "refused",
        refusedWith: forbidden,
        attempt: (w) => call(w, w.monk),
      },
    ],
  };
}

export const TEMPLE_ROUTES: RouteTable = {
  ...ADMIN_ROUTES,
  "GET order/v1/staff/detail": {
    class: "owned",
    refs: ["masterId"],
    why: "staff see every order; a monk only his services'",
    probes: [
      {
        label: "Bob (a customer), Alice's paid order",
        expect: "refused",
        attempt: (w) =>
          w.call(
            w.bob,
            "GET",
            `order/v1/staff/detail?masterId=${w.objects.paid.masterId}`,
          ),
        control: {
          run: (w) =>
            w.call(
              w.staff,
              "GET",
              `order/v1/staff/detail?masterId=${w.objects.paid.masterId}`,
            ),
          status: 200,
          shows: "paidOrderNo",
        },
      },
      {
        label: "a monk, Alice's order of another monk's service",
        expect: "refused",
        attempt: (w) =>
          w.call(
            w.monk,
            "GET",
            `order/v1/staff/detail?masterId=${w.objects.paid.masterId}`,
          ),
      },
    ],
  },
  "GET order/v1/staff/list": {
    class: "owned",
    refs: ["userId"],
    why: "staff list a customer's orders; customers may not",
    probes: [
      {
        label: "Bob (a customer), Alice's orders",
        expect: "refused",
        refusedWith: forbidden,
        attempt: (w) =>
          w.call(w.bob, "GET", `order/v1/staff/list?userId=${w.alice.userId}`),
        control: {
          run: (w) =>
            w.call(
              w.staff,
              "GET",
              `order/v1/staff/list?userId=${w.alice.userId}`,
            ),
          status: 200,
          shows: "paidOrderNo",
        },
      },
      {
        label: "Bob (a customer) searches Alice's order number",
        expect: "refused",
        refusedWith: forbidden,
        attempt: (w) =>
          w.call(
            w.bob,
            "GET",
            `order/v1/staff/list?q=${w.objects.paid.masterOrderNo}`,
          ),
      },
      {
        label: "a monk of another service searches Alice's order number",
        expect: "scoped",
        attempt: (w) =>
          w.call(
            w.monk,
            "GET",
            `order/v1/staff/list?q=${w.objects.paid.masterOrderNo}`,
          ),
        control: {
          run: (w) =>
            w.call(
              w.staff,
              "GET",
              `order/v1/staff/list?q=${w.objects.paid.masterOrderNo}`,
            ),
          status: 200,
          shows: "beneficiaryName",
        },
      },
    ],
  },
  "POST order/v1/fulfil": {
    class: "owned",
    refs: ["masterId", "photoFileIds"],
    why: "staff, admins and the service's monk fulfil an order; proof photos must be the caller's uploads",
    probes: [
      {
        label: "Bob (a customer), Alice's paid order",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "order/v1/fulfil", {
            masterId: w.objects.paid.masterId,
            status: "completed",
            photoFileIds: [w.objects.fileName],
          }),
        control: {
          // NOTE: no photo: refused only after the order was found and the caller allowed.
          run: (w) =>
            w.call(w.staff, "POST", "order/v1/fulfil", {
              masterId: w.objects.paid.masterId,
              status: "completed",
              photoFileIds: [],
            }),
          status: 400,
        },
      },
      {
        label: "a monk, Alice's order of another monk's service",
        expect: "refused",
        attempt: (w) =>
          w.call(w.monk, "POST", "order/v1/fulfil", {
            masterId: w.objects.paid.masterId,
            status: "completed",
            photoFileIds: [],
          }),
      },
    ],
  },
  "POST order/v1/refund/request": {
    class: "owned",
    refs: ["masterId"],
    why: "only the owner asks for a refund",
    probes: [
      {
        label: "Bob, Alice's paid order",
        expect: "refused",
        attempt: (w) =>
          w.call(w.bob, "POST", "order/v1/refund/request", {
            masterId: w.objects.paid.masterId,
            reason: "想退",
          }),
        control: {
          // NOTE: Alice's unpaid order: found, and not refundable (409), so nothing changes.
          run: (w) =>
            w.call(w.alice, "POST", "order/v1/refund/request", {
              masterId: w.objects.pending.masterId,
              reason: "想退",
            }),
          status: 409,
        },
      },
    ],
  },
  "POST order/v1/refund/review": {
    class: "owned",
    refs: ["masterId"],
    why: "service staff and admins review refunds; customers and monks may not",
    probes: [
      {
        label: "Bob (a customer), Alice's paid order",
        expect: "refused",
        refusedWith: forbidden,
        attempt: (w) =>
          w.call(w.bob, "POST", "order/v1/refund/review", {
            masterId: w.objects.paid.masterId,
            approve: true,
          }),
        control: {
          // NOTE: nothing was asked for: 409 after the order was found.
          run: (w) =>
            w.call(w.staff, "POST", "order/v1/refund/review", {
              masterId: w.objects.paid.masterId,
              approve: true,
            }),
          status: 409,
        },
      },
      {
        label: "a monk, Alice's paid order",
        expect: "refused",
        refusedWith: forbidden,
        attempt: (w) =>
          w.call(w.monk, "POST", "order/v1/refund/review", {
            masterId: w.objects.paid.masterId,
            approve: true,
          }),
      },
    ],
  },
  "GET staff/v1/customer": deskAbout(
    "GET",
    "staff/v1/customer",
    (alice) => ({ imId: alice }),
    { status: 200, shows: "nickname" },
  ),
  "POST staff/v1/customer/note": deskAbout(
    "POST",
    "staff/v1/customer/note",
    (alice) => ({ imId: alice, text: "" }),
    { status: 200, shows: "nickname" },
  ),
  "POST staff/v1/handOff": deskAbout(
    "POST",
    "staff/v1/handOff",
    // NOTE: the control hands Alice to Bob, no staff member: refused (400) after she was found.
    (alice, bob) => ({ imId: alice, toImId: bob }),
    { status: 400 },
    ["imId", "toImId"],
  ),
  "GET staff/v1/handOff/targets": {
    class: "self",
    refs: [],
    why: "lists staff and monks (public people) to service staff only",
  },
  "GET staff/v1/assigned": {
    class: "self",
    refs: [],
    why: "the IM ids of the caller's own assigned customers, for service staff and admins only",
    probes: [
      {
        label: "Bob (a customer) asks whose chats are assigned",
        expect: "refused",
        refusedWith: forbidden,
        attempt: (w) => w.call(w.bob, "GET", "staff/v1/assigned"),
        control: {
          run: (w) => w.call(w.staff, "GET", "staff/v1/assigned"),
          status: 200,
        },
      },
      {
        label: "a monk asks whose chats are assigned",
        expect: "refused",
        refusedWith: forbidden,
        attempt: (w) => w.call(w.monk, "GET", "staff/v1/assigned"),
      },
    ],
  },
  "GET staff/v1/quickReplies": {
    class: "self",
    refs: [],
    why: "the team's canned answers, for staff and monks; no customer's data",
  },
  "POST staff/v1/quickReplies/save": {
    class: "owned",
    refs: ["id"],
    why: "the team's canned answers are written by service staff and admins only",
    probes: [
      {
        label: "Bob (a customer) edits a quick reply",
        expect: "refused",
        refusedWith: forbidden,
        attempt: (w) =>
          w.call(w.bob, "POST", "staff/v1/quickReplies/save", {
            id: 1,
            text: "x",
          }),
      },
      {
        label: "a monk edits a quick reply",
        expect: "refused",
        refusedWith: forbidden,
        attempt: (w) =>
          w.call(w.monk, "POST", "staff/v1/quickReplies/save", {
            id: 1,
            text: "x",
          }),
      },
    ],
  },
  "POST staff/v1/quickReplies/delete": {
    class: "owned",
    refs: ["id"],
    why: "the team's canned answers are deleted by service staff and admins only",
    probes: [
      {
        label: "Bob (a customer) deletes a quick reply",
        expect: "refused",
        refusedWith: forbidden,
        attempt: (w) =>
          w.call(w.bob, "POST", "staff/v1/quickReplies/delete", { id: 1 }),
      },
    ],
  },
  "POST pay/v1/refund/notify": {
    class: "signed",
    refs: [],
    schemaless: true,
    why: "WeChat Pay's refund notification: platform-signed and encrypted, verified before anything is read",
  },
};

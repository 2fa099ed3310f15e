// IDOR table, part 6: the admin pages (#22). Every admin route is for admins only: Bob (a
// customer), service staff, a monk and a manager each get 403 FORBIDDEN, with none of Alice's data;
// an admin's control proves the reference was real. Controls change nothing of Alice's (a role
// she does not have taken away, a ban she does not have lifted).
import { eq } from "drizzle-orm";
import { managerApplications, users } from "../../../../server/db/schema";
import { type Customer, DEMO_PHONES, signIn } from "../../../server/orders/commerceApi";
import type { IdorWorld, Reply } from "./idorWorld";
import type { Control, Probe, RouteEntry, RouteTable } from "./probes";

const forbidden = [403] as const;
const admins = new WeakMap<IdorWorld, Promise<Customer>>();
const managers = new WeakMap<IdorWorld, Promise<Customer>>();

/** An admin of the world (made once, on first use). */
function adminOf(w: IdorWorld): Promise<Customer> {
  let admin = admins.get(w);
  if (admin === undefined) {
    admin = signIn(w.server).then(async (who) => {
      await w.server.db
        .update(users)
        .set({ isAdmin: 1 })
        .where(eq(users.id, who.userId));
      return who;
    });
    admins.set(w, admin);
  }
  return admin;
}

/** The demo manager, signed in once. */
function managerOf(w: IdorWorld): Promise<Customer> {
  let manager = managers.get(w);
  if (manager === undefined) {
    manager = signIn(w.server, DEMO_PHONES.manager);
    managers.set(w, manager);
  }
  return manager;
}

async function aliceApplicationId(w: IdorWorld): Promise<number> {
  const [row] = await w.server.db
    .select({ id: managerApplications.id })
    .from(managerApplications)
    .where(eq(managerApplications.userId, w.alice.userId));
  if (row === undefined) throw new Error("Alice has no application");
  return row.id;
}

type Call = (w: IdorWorld, who: Customer) => Promise<Reply>;

/** The four who are not admins try `call`; the admin's control follows the first. */
function adminOnly(
  why: string,
  refs: string[],
  call: Call,
  control?: Omit<Control, "run">,
): RouteEntry {
  const probe = (
    label: string,
    who: (w: IdorWorld) => Customer | Promise<Customer>,
  ): Probe => ({
    label: `${label}, about Alice`,
    expect: "refused",
    refusedWith: forbidden,
    attempt: async (w) => call(w, await who(w)),
  });
  const first = probe("Bob (a customer)", (w) => w.bob);
  const rest = [
    probe("service staff", (w) => w.staff),
    probe("a monk", (w) => w.monk),
    probe("a manager", managerOf),
  ];
  return {
    class: "owned",
    refs,
    why,
    probes: [
      {
        ...first,
        ...(control === undefined
          ? {}
          : {
              control: {
                ...control,
                run: async (w) => call(w, await adminOf(w)),
              },
            }),
      },
      ...rest,
    ],
  };
}

export const ADMIN_ROUTES: RouteTable = {
  "GET admin/v1/managerApplications": adminOnly(
    "everyone's manager applications (names, regions, reasons) are for admins only",
    [],
    (w, who) =>
      w.call(
        who,
        "GET",
        "admin/v1/managerApplications?status=pending&pageSize=50",
      ),
    { status: 200, shows: "managerName" },
  ),
  "POST admin/v1/managerApplications/approve": adminOnly(
    "deciding an application is an admin's",
    ["id"],
    async (w, who) =>
      w.call(who, "POST", "admin/v1/managerApplications/approve", {
        id: await aliceApplicationId(w),
      }),
  ),
  "POST admin/v1/managerApplications/reject": adminOnly(
    "deciding an application is an admin's",
    ["id"],
    async (w, who) =>
      w.call(who, "POST", "admin/v1/managerApplications/reject", {
        id: await aliceApplicationId(w),
        reason: "不合适",
      }),
  ),
  "GET admin/v1/users": adminOnly(
    "finding people by IM id, nickname or phone is an admin's",
    [],
    (w, who) =>
      w.call(
        who,
        "GET",
        `admin/v1/users?q=${encodeURIComponent(w.alice.imId)}`,
      ),
    { status: 200, shows: "nickname" },
  ),
  "POST admin/v1/users/role": adminOnly(
    "roles are given and taken by admins only",
    ["imId"],
    // NOTE: the control takes away a role Alice does not have: nothing of hers changes.
    (w, who) =>
      w.call(who, "POST", "admin/v1/users/role", {
        imId: w.alice.imId,
        role: "service",
        on: false,
      }),
    { status: 200, shows: "nickname" },
  ),
  "POST admin/v1/users/ban": adminOnly(
    "bans are an admin's",
    ["imId"],
    // NOTE: the control lifts a ban Alice does not have.
    (w, who) =>
      w.call(who, "POST", "admin/v1/users/ban", {
        imId: w.alice.imId,
        banned: false,
      }),
    { status: 200, shows: "nickname" },
  ),
  "GET admin/v1/audit": adminOnly(
    "who did what to whom is for admins only",
    [],
    (w, who) => w.call(who, "GET", "admin/v1/audit?pageSize=50"),
    { status: 200 },
  ),
  "GET admin/v1/products": adminOnly(
    "every product with hidden ones and order counts is for admins only",
    [],
    (w, who) => w.call(who, "GET", "admin/v1/products"),
    { status: 200 },
  ),
  "POST admin/v1/products/save": adminOnly(
    "changing what the shop sells and its prices is an admin's",
    ["id", "slug", "coverFileId", "monkId"],
    // NOTE: a product that does not exist: the admin's control meets 404, nobody's probe edits one.
    (w, who) =>
      w.call(who, "POST", "admin/v1/products/save", {
        id: 99_999,
        category: "lamp",
        title: { cn: "灯", tw: "燈", en: "Lamp" },
        summary: { cn: "灯", tw: "燈", en: "Lamp" },
        description: { cn: ["灯"], tw: ["燈"], en: ["Lamp"] },
        monkId: null,
        askBeneficiary: false,
        askWish: false,
        askBirthDate: false,
        sortOrder: 0,
        options: [
          {
            label: { cn: "1 日", tw: "1 日", en: "1 day" },
            days: 1,
            priceFen: 100,
          },
        ],
      }),
    { status: 404 },
  ),
  "POST admin/v1/products/visibility": adminOnly(
    "hiding a product from the shop is an admin's",
    ["id"],
    // NOTE: shows a product already shown: the admin's control changes nothing.
    (w, who) =>
      w.call(who, "POST", "admin/v1/products/visibility", {
        id: 1,
        active: true,
      }),
    { status: 200 },
  ),
};

// TypeBox schemas of the manager programme (manager/v1): applying, and my application's state
// (none, pending, approved or rejected). The server validates with them; the tab derives its
// types from them (src/api/manager.ts).
import { type Static, Type } from "typebox";
import { MANAGER_STATUSES } from "../admin";
import { DateTime } from "./common";

export const ManagerApplyRequest = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    phone: Type.String({ maxLength: 20 }),
    region: Type.String({ maxLength: 200 }),
    reason: Type.String({ maxLength: 2000 }),
  },
  { additionalProperties: false },
);

const DateOrNull = Type.Union([DateTime, Type.Null()]);

export const ManagerInfo = Type.Object({
  status: Type.Union([Type.Literal("none"), Type.Enum([...MANAGER_STATUSES])]),
  isManager: Type.Union([Type.Literal(0), Type.Literal(1)]),
  applicationId: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.Union([Type.String(), Type.Null()]),
  region: Type.Union([Type.String(), Type.Null()]),
  appliedAt: DateOrNull,
  decidedAt: DateOrNull,
  rejectReason: Type.Union([Type.String(), Type.Null()]),
});

export type ManagerInfoDto = Static<typeof ManagerInfo>;

// Calls of the manager programme: my application's state and applying. The shapes are the
// server's own schemas (#contract), as types only.
import type { ManagerApplyRequest, ManagerInfo as ManagerInfoSchema } from "#contract";
import type { Static } from "typebox";
import { apiRequest } from "./client";

export type ManagerInfo = Static<typeof ManagerInfoSchema>;
/** "none" before the first application, then the application's status. */
export type ManagerStatus = ManagerInfo["status"];
export type ManagerApplication = Static<typeof ManagerApplyRequest>;

export function fetchManagerInfo(): Promise<ManagerInfo> {
  return apiRequest("manager/v1/info");
}

export function applyForManager(
  application: ManagerApplication,
): Promise<ManagerInfo> {
  return apiRequest("manager/v1/apply", { method: "POST", body: application });
}

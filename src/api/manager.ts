// Calls of the manager programme: my application's state and applying.
import { apiRequest } from "./client";

export type ManagerStatus = "none" | "pending" | "approved" | "rejected";

export interface ManagerInfo {
  status: ManagerStatus;
  isManager: 0 | 1;
  applicationId: number | null;
  name: string | null;
  region: string | null;
  appliedAt: string | null;
  decidedAt: string | null;
  rejectReason: string | null;
}

export interface ManagerApplication {
  name: string;
  phone: string;
  region: string;
  reason: string;
}

export function fetchManagerInfo(): Promise<ManagerInfo> {
  return apiRequest("manager/v1/info");
}

export function applyForManager(
  application: ManagerApplication,
): Promise<ManagerInfo> {
  return apiRequest("manager/v1/apply", { method: "POST", body: application });
}

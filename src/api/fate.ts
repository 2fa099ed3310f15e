// Calls of "fate together" (the /register page): my current sign-up and creating / updating it.
import { apiRequest } from "./client";

export type Gender = "male" | "female";
export type FateStatus = "pending" | "matched" | "closed";

export interface FateSignupInput {
  name: string;
  gender: Gender;
  birthDate: string;
  birthHour: number | null;
  wish: string;
}

export interface FateSignup extends FateSignupInput {
  id: number;
  status: FateStatus;
  createdAt: string;
  updatedAt: string;
}

export function fetchMyFateSignup({
  signal,
}: { signal?: AbortSignal } = {}): Promise<FateSignup | null> {
  return apiRequest("fate/v1/mine", signal ? { signal } : {});
}

export function submitFateSignup(input: FateSignupInput): Promise<FateSignup> {
  return apiRequest("fate/v1/signup", { method: "POST", body: input });
}

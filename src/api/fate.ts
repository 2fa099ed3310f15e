// Calls of "fate together" (the /register page): my current sign-up and creating / updating it.
// The shapes are the server's own schemas (#contract), as types only.
import type { FateSignupBody, FateSignupDto } from "#contract";
import { apiRequest } from "./client";

export type { FateStatus, Gender } from "#contract";
export type FateSignupInput = FateSignupBody;
export type FateSignup = FateSignupDto;

export function fetchMyFateSignup({
  signal,
}: { signal?: AbortSignal } = {}): Promise<FateSignup | null> {
  return apiRequest("fate/v1/mine", signal ? { signal } : {});
}

export function submitFateSignup(input: FateSignupInput): Promise<FateSignup> {
  return apiRequest("fate/v1/signup", { method: "POST", body: input });
}

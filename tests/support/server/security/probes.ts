// The shape of the IDOR table: each route's class, the reference fields it takes, and the probes
// in which someone other than the owner presents Alice's references; plus the leak check.
import type { EnvelopeBody } from "../../../server/apiClient";
import type { IdorWorld, Reply, SecretLabel } from "./idorWorld";

/**
 * owned: takes a reference to a user's object: must carry probes that are refused.
 * public: the referenced things are public (catalog, blessing wall, profiles, media capability).
 * self: acts only on the caller; its reference-looking fields are the caller's own data.
 * secret: the field is a one-time secret or token, proven in another security test.
 * signed: only a signed third party (WeChat Pay) may call it.
 * dev: development emulator pages, absent in production.
 * docs: the OpenAPI document and its UI.
 */
export type RouteClass =
  "owned" | "public" | "self" | "secret" | "signed" | "dev" | "docs";

export interface Control {
  /** The owner (or the party entitled) making the same reference. */
  run: (w: IdorWorld) => Promise<Reply>;
  /** Its status: 200, or the refusal that proves the object was found (e.g. 409 not payable). */
  status: number;
  /** A secret the control's answer must show (proves the leak check would see a leak). */
  shows?: SecretLabel;
}

export interface Probe {
  /** Who tries what, e.g. "Bob, Alice's order by masterId". */
  label: string;
  attempt: (w: IdorWorld) => Promise<Reply>;
  /**
   * refused: 403 or 404 with `{ code: status, data: null, msg }` and no secret in msg.
   * scoped: 200 answering only the caller's own data: no secret anywhere in the body.
   */
  expect: "refused" | "scoped";
  /** Statuses that count as refused (default 403 and 404); any other needs a NOTE saying why. */
  refusedWith?: readonly number[];
  /** Secrets this answer may show (a public profile's nickname and IM id). */
  mayShow?: readonly SecretLabel[];
  /** More checks of the answer. */
  check?: (reply: Reply, w: IdorWorld) => void;
  control?: Control;
}

export interface RouteEntry {
  class: RouteClass;
  /** The route's reference fields (for multipart and hidden routes: the ones it reads). */
  refs: readonly string[];
  /** Multipart or hidden: the OpenAPI document cannot show its fields. */
  schemaless?: true;
  /** Why the class is right (and, for secret, which test proves the rules). */
  why: string;
  probes?: readonly Probe[];
}

export type RouteTable = Record<string, RouteEntry>;

/** The secrets of `w` found in `text` that the request did not send itself. */
export function leakedSecrets(
  w: IdorWorld,
  reply: Reply,
  text: string,
  mayShow: readonly SecretLabel[] = [],
): string[] {
  return w.secrets
    .filter(
      (s) =>
        !mayShow.includes(s.label) &&
        !reply.sent.includes(s.value) &&
        occurs(text, s.value),
    )
    .map((s) => `${s.label}=${s.value}`);
}

/** Substring match; an all-digit secret must stand alone (not inside a longer number). */
function occurs(text: string, value: string): boolean {
  if (!/^\d+$/.test(value)) return text.includes(value);
  return new RegExp(`(?<!\\d)${value}(?!\\d)`).test(text);
}

/** The envelope of a reply (throws on a non-JSON body). */
export function envelopeOf(reply: Reply): EnvelopeBody<unknown> {
  return JSON.parse(reply.text) as EnvelopeBody<unknown>;
}

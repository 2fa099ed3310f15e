// What fate together (the /register page) and its API share: a sign-up's genders and statuses
// (fate_signups.gender and .status hold them) and the lengths the server allows, which the form
// checks before sending.

export const GENDERS = ["male", "female"] as const;
export type Gender = (typeof GENDERS)[number];

/** A sign-up's life: pending (editable), matched (staff are arranging), closed. */
export const FATE_STATUSES = ["pending", "matched", "closed"] as const;
export type FateStatus = (typeof FATE_STATUSES)[number];

/** The longest name and wish (in characters) the server keeps. */
export const FATE_LIMITS = { maxName: 40, maxWish: 500 } as const;

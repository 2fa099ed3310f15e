// What prayer agreements and their API share: an agreement's statuses (prayer_agreements.status
// holds them). Staff send one for a paid order; its owner signs it once.

/** sent (waiting for the owner's signature), then signed. */
export const AGREEMENT_STATUSES = ["sent", "signed"] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

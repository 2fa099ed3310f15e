// The e-mail boundary the auth domain calls: send one login code. Also owns the address check every
// implementation applies before sending.
import type { LoginCodeLocale } from "../loginCodeMessages";
import { ProviderError } from "../errors";
import type { ProviderName } from "../errors";

export interface EmailLoginCode {
  email: string;
  code: string;
  ttlMinutes: number;
  locale: LoginCodeLocale;
}

export interface EmailSender {
  sendLoginCode(message: EmailLoginCode): Promise<void>;
}

// NOTE: deliberately simple (one "@", a dot in the domain, no spaces or angle brackets); the SMTP
// server remains the judge of deliverability. The length cap is RFC 5321's path limit.
const ADDRESS = /^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;.]+$/;

export function checkedAddress(email: string, provider: ProviderName): string {
  const trimmed = email.trim();
  if (trimmed.length > 254 || !ADDRESS.test(trimmed)) {
    throw new ProviderError("EMAIL_INVALID_ADDRESS", provider, {
      message: "not a deliverable e-mail address",
    });
  }
  return trimmed;
}

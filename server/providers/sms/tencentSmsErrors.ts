// Maps Tencent Cloud error codes (common API 3.0 codes and the SMS send codes, as listed in the
// SMS "Error Codes" pages) to our ProviderError codes and retry advice.
import { ProviderError, PROVIDERS } from "../errors";
import type { ProviderErrorCode } from "../errors";

interface Mapping {
  code: ProviderErrorCode;
  retryable: boolean;
}

/** Exact codes that deserve a specific answer; prefixes below catch the families. */
const EXACT: Record<string, Mapping> = {
  "InvalidParameterValue.IncorrectPhoneNumber": {
    code: "SMS_INVALID_NUMBER",
    retryable: false,
  },
  "FailedOperation.PhoneNumberInBlacklist": {
    code: "SMS_REJECTED",
    retryable: false,
  },
  "FailedOperation.ContainSensitiveWord": {
    code: "SMS_REJECTED",
    retryable: false,
  },
  "FailedOperation.SignatureIncorrectOrUnapproved": {
    code: "SMS_MISCONFIGURED",
    retryable: false,
  },
  "FailedOperation.TemplateIncorrectOrUnapproved": {
    code: "SMS_MISCONFIGURED",
    retryable: false,
  },
  "FailedOperation.InsufficientBalanceInSmsPackage": {
    code: "SMS_MISCONFIGURED",
    retryable: false,
  },
  "FailedOperation.TemplateParamSetNotMatchApprovedTemplate": {
    code: "SMS_MISCONFIGURED",
    retryable: false,
  },
  "InvalidParameterValue.SdkAppIdNotExist": {
    code: "SMS_MISCONFIGURED",
    retryable: false,
  },
  "InvalidParameterValue.TemplateParameterFormatError": {
    code: "SMS_MISCONFIGURED",
    retryable: false,
  },
  "InternalError.Timeout": { code: "SMS_UNAVAILABLE", retryable: true },
  "InternalError.SigVerificationFail": {
    code: "SMS_MISCONFIGURED",
    retryable: false,
  },
};

const PREFIXES: readonly (readonly [string, Mapping])[] = [
  ["AuthFailure", { code: "SMS_MISCONFIGURED", retryable: false }],
  ["UnauthorizedOperation", { code: "SMS_MISCONFIGURED", retryable: false }],
  ["RequestLimitExceeded", { code: "SMS_RATE_LIMITED", retryable: true }],
  ["LimitExceeded", { code: "SMS_RATE_LIMITED", retryable: false }],
  ["InternalError", { code: "SMS_UNAVAILABLE", retryable: true }],
  ["ResourceUnavailable", { code: "SMS_UNAVAILABLE", retryable: true }],
  ["ServiceUnavailable", { code: "SMS_UNAVAILABLE", retryable: true }],
];

export function tencentSmsError(
  providerCode: string,
  providerMessage: string,
): ProviderError {
  const mapping = EXACT[providerCode] ??
    PREFIXES.find(
      ([prefix]) =>
        providerCode === prefix || providerCode.startsWith(`${prefix}.`),
    )?.[1] ?? {
      code: "SMS_REJECTED",
      retryable: false,
    };
  return new ProviderError(mapping.code, PROVIDERS.tencentSms, {
    message: `${providerCode}: ${providerMessage}`,
    retryable: mapping.retryable,
    providerCode,
  });
}

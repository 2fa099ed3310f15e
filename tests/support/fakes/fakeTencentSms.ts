// Loopback fake of Tencent Cloud SMS `SendSms` (2021-01-11): re-derives TC3-HMAC-SHA256 from the
// received headers and its secret (written from the spec text, independent of tc3Signer.ts), checks
// the 5-minute window, validates the payload and answers in the real shape.
import { createHash, createHmac, randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { delay, sendJson, startLoopbackServer } from "./loopbackServer";

export interface FakeTencentSmsOptions {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signNames: readonly string[];
  templateIds: readonly string[];
  /** Server clock, ms; defaults to Date.now. */
  now?: () => number;
}

export interface RecordedSms {
  headers: IncomingMessage["headers"];
  body: string;
  /** The error code answered, or undefined when every number was accepted. */
  rejectedWith: string | undefined;
}

export interface DeliveredSms {
  phoneNumber: string;
  templateId: string;
  signName: string | undefined;
  params: string[];
}

export interface FakeTencentSms {
  url: string;
  requests: RecordedSms[];
  delivered: DeliveredSms[];
  /** Answer the next request with `Response.Error` (after authentication passed). */
  failNextWith(code: string, message: string): void;
  /** Answer the next request with a per-number SendStatus code instead of "Ok". */
  rejectNextNumberWith(code: string, message: string): void;
  /** Hold every answer this long. */
  delayMs: number;
  close(): Promise<void>;
}

const hmac = (key: string | Buffer, data: string): Buffer =>
  createHmac("sha256", key).update(data, "utf8").digest();
const sha256 = (data: string): string =>
  createHash("sha256").update(data, "utf8").digest("hex");

export async function startFakeTencentSms(
  options: FakeTencentSmsOptions,
): Promise<FakeTencentSms> {
  const now = options.now ?? Date.now;
  let nextError: { code: string; message: string } | undefined;
  let nextNumberCode: { code: string; message: string } | undefined;

  const requests: RecordedSms[] = [];
  const delivered: DeliveredSms[] = [];

  function authenticate(
    req: IncomingMessage,
    body: string,
  ): { code: string; message: string } | undefined {
    const header = (name: string): string | undefined => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    if (req.method !== "POST")
      return { code: "UnsupportedProtocol", message: "POST only" };
    if (header("x-tc-action") !== "SendSms")
      return { code: "InvalidAction", message: "action" };
    if (header("x-tc-version") !== "2021-01-11")
      return { code: "NoSuchVersion", message: "version" };
    if (!header("x-tc-region"))
      return {
        code: "MissingParameter",
        message: "The request is missing a required parameter `Region`.",
      };
    const timestamp = Number(header("x-tc-timestamp"));
    if (!Number.isInteger(timestamp))
      return { code: "MissingParameter", message: "Timestamp" };
    if (Math.abs(now() / 1000 - timestamp) > 300) {
      return {
        code: "AuthFailure.SignatureExpire",
        message:
          "Signature expired. Timestamp and server time cannot differ by more than 5 minutes.",
      };
    }
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        header("authorization") ?? "",
      );
    if (!auth)
      return {
        code: "AuthFailure.InvalidAuthorization",
        message: "Authorization header format error",
      };
    const [, secretId, date, service, signedHeaders, signature] =
      auth as unknown as string[];
    if (secretId !== options.secretId)
      return {
        code: "AuthFailure.SecretIdNotFound",
        message: "The SecretId is not found",
      };
    if (
      service !== "sms" ||
      date !== new Date(timestamp * 1000).toISOString().slice(0, 10)
    ) {
      return {
        code: "AuthFailure.InvalidAuthorization",
        message: "credential scope",
      };
    }
    const names = signedHeaders!.split(";");
    if (
      !names.includes("content-type") ||
      !names.includes("host") ||
      [...names].sort().join(";") !== signedHeaders
    ) {
      return {
        code: "AuthFailure.InvalidAuthorization",
        message: "SignedHeaders",
      };
    }
    // Spec: lower-case names and values, trimmed, "name:value\n", sorted by name.
    const canonicalHeaders = names
      .map((n) => `${n}:${(header(n) ?? "").trim().toLowerCase()}\n`)
      .join("");
    const canonicalRequest = `POST\n/\n\n${canonicalHeaders}\n${signedHeaders}\n${sha256(body)}`;
    const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${sha256(canonicalRequest)}`;
    const key = hmac(
      hmac(hmac(`TC3${options.secretKey}`, date), "sms"),
      "tc3_request",
    );
    if (hmac(key, stringToSign).toString("hex") !== signature) {
      return {
        code: "AuthFailure.SignatureFailure",
        message:
          "The provided credentials could not be validated. Please check your signature is correct.",
      };
    }
    if (!/^application\/json/.test(header("content-type") ?? "")) {
      return { code: "InvalidParameter", message: "content-type" };
    }
    return undefined;
  }

  const server = await startLoopbackServer(async (req, res, body) => {
    const requestId = randomUUID();
    const record: RecordedSms = {
      headers: req.headers,
      body,
      rejectedWith: undefined,
    };
    requests.push(record);
    if (fake.delayMs > 0) await delay(fake.delayMs);
    const answerError = (code: string, message: string): void => {
      record.rejectedWith = code;
      sendJson(res, 200, {
        Response: {
          Error: { Code: code, Message: message },
          RequestId: requestId,
        },
      });
    };

    const authError = authenticate(req, body);
    if (authError) {
      answerError(authError.code, authError.message);
      return;
    }
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(body) as Record<string, unknown>;
    } catch {
      answerError(
        "FailedOperation.FailResolvePacket",
        "request packet parse failed",
      );
      return;
    }
    const phones = payload.PhoneNumberSet;
    if (!Array.isArray(phones) || phones.length === 0) {
      answerError("MissingParameter", "PhoneNumberSet");
      return;
    }
    if (typeof payload.TemplateId !== "string") {
      answerError("MissingParameter", "TemplateId");
      return;
    }
    if (payload.SmsSdkAppId !== options.sdkAppId) {
      answerError(
        "InvalidParameterValue.SdkAppIdNotExist",
        "SdkAppId not exist.",
      );
      return;
    }
    if (!options.templateIds.includes(payload.TemplateId)) {
      answerError(
        "FailedOperation.TemplateIncorrectOrUnapproved",
        "template is not approved or not exist",
      );
      return;
    }
    const signName =
      typeof payload.SignName === "string" ? payload.SignName : undefined;
    if (signName !== undefined && !options.signNames.includes(signName)) {
      answerError(
        "FailedOperation.SignatureIncorrectOrUnapproved",
        "signature format is wrong or signature is not approved",
      );
      return;
    }
    if (nextError) {
      const { code, message } = nextError;
      nextError = undefined;
      answerError(code, message);
      return;
    }
    const params = Array.isArray(payload.TemplateParamSet)
      ? payload.TemplateParamSet.map(String)
      : [];
    const statuses = phones.map((phone: unknown) => {
      const phoneNumber = String(phone);
      const forced = nextNumberCode;
      nextNumberCode = undefined;
      const outcome =
        forced ??
        (/^\+[1-9]\d{6,14}$/.test(phoneNumber)
          ? { code: "Ok", message: "send success" }
          : {
              code: "InvalidParameterValue.IncorrectPhoneNumber",
              message: "incorrect phone number",
            });
      if (outcome.code === "Ok")
        delivered.push({
          phoneNumber,
          templateId: payload.TemplateId as string,
          signName,
          params,
        });
      else record.rejectedWith = outcome.code;
      return {
        SerialNo:
          outcome.code === "Ok"
            ? `2645:${Date.now()}${Math.floor(Math.random() * 1e9)}`
            : "",
        PhoneNumber: phoneNumber,
        Fee: outcome.code === "Ok" ? 1 : 0,
        SessionContext: "",
        Code: outcome.code,
        Message: outcome.message,
        IsoCode: phoneNumber.startsWith("+86") ? "CN" : "",
      };
    });
    sendJson(res, 200, {
      Response: { SendStatusSet: statuses, RequestId: requestId },
    });
  });

  const fake: FakeTencentSms = {
    url: server.url,
    requests,
    delivered,
    delayMs: 0,
    failNextWith(code, message) {
      nextError = { code, message };
    },
    rejectNextNumberWith(code, message) {
      nextNumberCode = { code, message };
    },
    close: () => server.close(),
  };
  return fake;
}

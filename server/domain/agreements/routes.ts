// Contract endpoints: staff `POST prayer/v1/sendAgreement {masterOrderNo}`; the owner's
// `GET prayer/v1/agreement?id=` (localized text and order summary), `POST prayer/v1/signContract`
// (multipart: PNG `file`, fields `type`, `size`, `agreementId`) and `POST wuKong/v1/contractSend`
// (the signed agreement as an image message). Other users' agreements are 404. The chat thread's
// lists (chatRoutes.ts) are mounted here too. All are signed in.
import {
  Agreement,
  AgreementQuery,
  ContractSendRequest,
  SendAgreementRequest,
  SendAgreementResult,
  SentMessage,
  SignedAgreement,
} from "#contract/schemas";
import { SIGNATURE_TYPE } from "#contract";
import multipart from "@fastify/multipart";
import { eq } from "drizzle-orm";
import { ChannelType } from "#protocol";
import { prayerAgreements } from "../../db/schema";
import { EnvelopeOf, ok } from "../../http/envelope";
import { HttpError } from "../../http/errors";
import { DEFAULT_LOCALE, pick } from "../../lib/locale";
import { BEARER, signedIn, signedInRoutes } from "../auth/authenticate";
import { MEDIA_PREFIX } from "../files/routes";
import {
  deleteUpload,
  storeUpload,
  UPLOAD_QUOTA_BYTES,
} from "../files/uploads";
import { sentOrThrow } from "../messenger/sendOverHttp";
import type { DomainPlugin } from "../../http/domainPlugin";
import { ORDER_ERRORS } from "../orders/schemas";
import { agreementParagraphs, agreementTitle } from "./agreementText";
import { findOwnAgreement, recordSignature, sendAgreement } from "./agreements";
import { closeSignReminders } from "./chatAgreements";
import { chatAgreementRoutes } from "./chatRoutes";
import { checkSignaturePng, SIGNATURE_LIMITS } from "./signaturePng";

const tags = ["contracts"];
const ERRORS = {
  ...ORDER_ERRORS,
  413: ORDER_ERRORS[400],
  415: ORDER_ERRORS[400],
  422: ORDER_ERRORS[400],
};

function isTooLarge(error: unknown): boolean {
  return (
    (error as { code?: unknown } | null)?.code === "FST_REQ_FILE_TOO_LARGE"
  );
}

export const contractRoutes: DomainPlugin = async (app, deps) => {
  const { db, auth, clock, im, config } = deps;
  const dir = config.filesDir;
  const mediaUrl = (name: string) =>
    `${deps.publicUrl()}${MEDIA_PREFIX}/${name}`;
  await app.register(multipart, {
    limits: {
      fileSize: SIGNATURE_LIMITS.maxBytes,
      files: 1,
      fields: 5,
      parts: 6,
    },
  });
  await signedInRoutes(app, auth, async (app) => {
    await chatAgreementRoutes(app, deps);

    app.post(
      "/prayer/v1/sendAgreement",
      {
        schema: {
          tags,
          summary:
            "Staff: send the prayer agreement of a paid order into the customer's chat (command + reminder)",
          security: BEARER,
          body: SendAgreementRequest,
          response: { 200: EnvelopeOf(SendAgreementResult), ...ERRORS },
        },
      },
      async (request) => {
        const me = signedIn(request);
        const sent = await sendAgreement(
          db,
          im,
          me,
          request.body.masterOrderNo,
          clock(),
        );
        return ok({
          agreementId: sent.agreement.id,
          masterOrderNo: sent.order.masterOrderNo,
          status: sent.agreement.status,
          // The reminder that tells the user is stored with the agreement.
          messageSent: true,
        });
      },
    );

    app.get(
      "/prayer/v1/agreement",
      {
        schema: {
          tags,
          summary:
            "My agreement: its text in my language and the order it is for",
          security: BEARER,
          querystring: AgreementQuery,
          response: { 200: EnvelopeOf(Agreement), ...ERRORS },
        },
      },
      async (request) => {
        const { userId } = signedIn(request);
        const locale = request.query.locale ?? DEFAULT_LOCALE;
        const { agreement, order, sender } = await findOwnAgreement(
          db,
          userId,
          request.query.id,
        );
        return ok({
          id: agreement.id,
          title: agreementTitle(order, locale),
          paragraphs: agreementParagraphs(order, locale),
          status: agreement.status,
          sentAt: agreement.createdAt.toISOString(),
          signedAt: agreement.signedAt?.toISOString() ?? null,
          signatureUrl:
            agreement.signatureFile === null
              ? null
              : mediaUrl(agreement.signatureFile),
          sender,
          order: {
            masterId: order.id,
            masterOrderNo: order.masterOrderNo,
            productTitle: pick(order.productTitle, locale),
            optionLabel: pick(order.optionLabel, locale),
            quantity: order.quantity,
            totalFen: order.totalFen,
            beneficiaryName: order.beneficiaryName,
            status: order.status,
          },
        });
      },
    );

    app.post(
      "/prayer/v1/signContract",
      {
        schema: {
          tags,
          summary:
            "Sign my agreement: multipart PNG `file` (≤ 1 MB, ≤ 4096×4096) with fields type, size and agreementId",
          consumes: ["multipart/form-data"],
          security: BEARER,
          response: { 200: EnvelopeOf(SignedAgreement), ...ERRORS },
        },
      },
      async (request) => {
        const { userId, imId } = signedIn(request);
        if (!request.isMultipart())
          throw new HttpError(
            "MULTIPART_REQUIRED",
            "send the signature as multipart/form-data",
          );
        const fields: Record<string, string> = {};
        let bytes: Buffer | undefined;
        const tooLarge = () =>
          new HttpError(
            "SIGNATURE_TOO_LARGE",
            `the signature is larger than ${SIGNATURE_LIMITS.maxBytes} bytes`,
            { params: { max: SIGNATURE_LIMITS.maxBytes } },
          );
        try {
          for await (const part of request.parts()) {
            if (part.type === "file") {
              if (bytes !== undefined)
                throw new HttpError(
                  "INVALID_FIELD",
                  "send one signature file",
                  {
                    params: { field: "file" },
                  },
                );
              bytes = await part.toBuffer();
              // NOTE: a cut on a chunk boundary comes back without an error; busboy marks it truncated.
              if (part.file.truncated) throw tooLarge();
            } else if (typeof part.value === "string") {
              fields[part.fieldname] = part.value;
            }
          }
        } catch (error) {
          if (isTooLarge(error)) throw tooLarge();
          throw error;
        }
        const agreementId = Number(fields.agreementId);
        if (!/^\d{1,10}$/.test(fields.agreementId ?? "") || agreementId < 1)
          throw new HttpError(
            "FIELD_REQUIRED",
            "body/agreementId is required (a positive integer)",
            { params: { field: "agreementId" } },
          );
        const { agreement } = await findOwnAgreement(db, userId, agreementId);
        if (agreement.status === "signed")
          throw new HttpError(
            "AGREEMENT_ALREADY_SIGNED",
            `agreement ${agreement.id} is already signed`,
          );
        if (bytes === undefined)
          throw new HttpError(
            "FIELD_REQUIRED",
            "body/file is required (the PNG signature)",
            { params: { field: "file" } },
          );
        if (
          fields.type !== undefined &&
          fields.type !== SIGNATURE_TYPE &&
          fields.type !== "png"
        )
          throw new HttpError(
            "INVALID_FIELD",
            `body/type must be ${SIGNATURE_TYPE}`,
            {
              params: { field: "type" },
            },
          );
        if (fields.size !== undefined && fields.size !== String(bytes.length))
          throw new HttpError(
            "INVALID_FIELD",
            `body/size says ${fields.size} bytes but the file has ${bytes.length}`,
            { params: { field: "size" } },
          );
        const { width, height } = checkSignaturePng(bytes);
        const stored = await storeUpload(db, dir, userId, bytes, {
          maxBytes: SIGNATURE_LIMITS.maxBytes,
          maxPixels: SIGNATURE_LIMITS.maxSide * SIGNATURE_LIMITS.maxSide,
          quotaBytes: UPLOAD_QUOTA_BYTES,
        });
        const signed = await recordSignature(
          db,
          agreement,
          { name: stored.name, width, height },
          clock(),
        );
        if (signed === undefined) {
          await deleteUpload(db, dir, userId, stored.name);
          throw new HttpError(
            "AGREEMENT_ALREADY_SIGNED",
            `agreement ${agreement.id} is already signed`,
          );
        }
        // NOTE: the signature is stored; a reminder left open is only cosmetic, so it never fails the call.
        await closeSignReminders(db, im, imId, signed.id).catch(
          (error: unknown) => {
            request.log.warn({ err: error }, "sign reminder was not closed");
          },
        );
        return ok({
          agreementId: signed.id,
          status: "signed" as const,
          signedAt: (signed.signedAt ?? new Date(clock())).toISOString(),
          signatureUrl: mediaUrl(stored.name),
          width,
          height,
        });
      },
    );

    app.post(
      "/wuKong/v1/contractSend",
      {
        schema: {
          tags,
          summary:
            "Put my signed agreement into the conversation with its sender as an image message (type 2)",
          security: BEARER,
          body: ContractSendRequest,
          response: { 200: EnvelopeOf(SentMessage), ...ERRORS },
        },
      },
      async (request) => {
        const me = signedIn(request);
        const { agreement, order, sender } = await findOwnAgreement(
          db,
          me.userId,
          request.body.agreementId,
        );
        if (agreement.status !== "signed" || agreement.signatureFile === null)
          throw new HttpError(
            "AGREEMENT_NOT_SIGNED",
            `agreement ${agreement.id} is not signed yet`,
          );
        const result = await im.send({
          fromUid: me.imId,
          channelId: sender.imId,
          channelType: ChannelType.PERSON,
          payload: new TextEncoder().encode(
            JSON.stringify({
              type: 2,
              url: mediaUrl(agreement.signatureFile),
              width: agreement.signatureWidth ?? 0,
              height: agreement.signatureHeight ?? 0,
              agreementId: agreement.id,
              masterOrderNo: order.masterOrderNo,
            }),
          ),
          // NOTE: one message per agreement: a repeated call returns the original (engine de-dup).
          clientMsgNo: `contract-${agreement.id}`,
        });
        const sent = sentOrThrow(result, sender.imId, ChannelType.PERSON);
        if (result.ok)
          await db
            .update(prayerAgreements)
            .set({ contractMessageId: result.messageId })
            .where(eq(prayerAgreements.id, agreement.id));
        return ok(sent);
      },
    );
  });
};

// An in-memory staff workspace (staff/v1) layered over installFakeApi's fetch stub: whose chats
// the caller answers, customers' context and notes, the team's quick replies (with the server's
// length limit) and hand-offs to staff or monks; every call is recorded and checked against the
// contract's schemas (#contract/schemas): a drift fails the test. Test support.
import * as schemas from "#contract/schemas";
import { WORKSPACE_LIMITS } from "../../../../contract/fulfilment";
import type {
  CustomerContext,
  HandOffTarget,
  QuickReply,
} from "../../../../src/temple/workspace/workspaceApi";
import { type Answer, ok, refuse } from "../fakeAnswers";
import { ContractCheck, NoData, type RouteContract } from "../contractCheck";
import { type FakeRequest, layerFetch } from "../layerFetch";

export interface WorkspaceCall {
  path: string;
  method: string;
  body: Record<string, unknown>;
}

const STAFF_NAME = "福缘客服";

/** What the server validates each path with (#contract/schemas): request parts and the answer. */
const CONTRACT: Record<string, RouteContract> = {
  "staff/v1/assigned": { answer: schemas.AssignedCustomers },
  "staff/v1/customer": {
    query: schemas.CustomerQuery,
    answer: schemas.CustomerContext,
  },
  "staff/v1/customer/note": {
    body: schemas.SaveNoteBody,
    answer: schemas.CustomerContext,
  },
  "staff/v1/quickReplies": { answer: schemas.QuickReplyList },
  "staff/v1/quickReplies/save": {
    body: schemas.SaveQuickReplyBody,
    answer: schemas.QuickReply,
  },
  "staff/v1/quickReplies/delete": {
    body: schemas.DeleteQuickReplyBody,
    answer: NoData,
  },
  "staff/v1/handOff/targets": { answer: schemas.HandOffTargets },
  "staff/v1/handOff": {
    body: schemas.HandOffBody,
    answer: schemas.CustomerContext,
  },
};

export class FakeWorkspace {
  assigned: string[] = [];
  customers = new Map<string, CustomerContext>();
  replies: QuickReply[] = [];
  targets: HandOffTarget[] = [
    { imId: "svc", nickname: STAFF_NAME, avatarUrl: "", role: "service" },
    { imId: "svc_2", nickname: "客服小李", avatarUrl: "", role: "service" },
    { imId: "monk_7", nickname: "慧明法师", avatarUrl: "", role: "monk" },
  ];
  calls: WorkspaceCall[] = [];
  /** Its calls checked against CONTRACT; the test fails on any drift. */
  readonly contract = new ContractCheck(CONTRACT);
  private failing = new Map<string, Answer>();
  private seq = 0;

  callsTo(path: string): WorkspaceCall[] {
    return this.calls.filter((call) => call.path === path);
  }

  fail(path: string, answer: Answer): void {
    this.failing.set(path, answer);
  }

  heal(): void {
    this.failing.clear();
  }

  addCustomer(
    imId: string,
    overrides: Partial<CustomerContext> = {},
  ): CustomerContext {
    const customer: CustomerContext = {
      userId: 100 + this.customers.size,
      imId,
      nickname: imId,
      avatarUrl: "",
      createdAt: "2026-10-01T02:00:00.000Z",
      assignedTo: { imId: "svc", nickname: STAFF_NAME, avatarUrl: "" },
      invitedBy: null,
      invitees: 0,
      note: null,
      agreements: [],
      ...overrides,
    };
    this.customers.set(imId, customer);
    return customer;
  }

  addReply(text: string): QuickReply {
    this.seq += 1;
    const reply = { id: this.seq, text, updatedAt: new Date().toISOString() };
    this.replies.push(reply);
    return reply;
  }

  /** Answers a staff/v1 call, checked against CONTRACT (undefined: not one). */
  answer(request: FakeRequest): Answer | undefined {
    if (!request.path.startsWith("staff/v1/")) return undefined;
    return this.contract.serve(request, (query) =>
      this.route(request.path, request.method, query, request.body),
    );
  }

  private route(
    path: string,
    method: string,
    query: Record<string, unknown>,
    body: unknown,
  ): Answer | undefined {
    const fields = (body ?? {}) as Record<string, unknown>;
    this.calls.push({ path, method, body: fields });
    const failure = this.failing.get(path);
    if (failure !== undefined) return failure;
    const customer = (imId: unknown) =>
      typeof imId === "string" ? this.customers.get(imId) : undefined;
    switch (path) {
      case "staff/v1/assigned":
        return ok({ list: this.assigned, truncated: false });
      case "staff/v1/customer": {
        const found = customer(query.imId);
        return found === undefined
          ? refuse("IM_USER_NOT_FOUND", "no user")
          : ok(found);
      }
      case "staff/v1/customer/note": {
        const found = customer(fields.imId);
        if (found === undefined) return refuse("IM_USER_NOT_FOUND", "no user");
        const text = String(fields.text).trim();
        found.note =
          text === ""
            ? null
            : {
                text,
                updatedAt: "2026-11-27T03:04:00.000Z",
                updatedBy: STAFF_NAME,
              };
        return ok(found);
      }
      case "staff/v1/quickReplies":
        return ok({ list: this.replies });
      case "staff/v1/quickReplies/save": {
        const text = String(fields.text).trim();
        if (text.length > WORKSPACE_LIMITS.quickReplyMaxChars)
          return refuse("TEXT_TOO_LONG", "text", {
            field: "text",
            max: WORKSPACE_LIMITS.quickReplyMaxChars,
          });
        if (typeof fields.id !== "number") return ok(this.addReply(text));
        const reply = this.replies.find((r) => r.id === fields.id);
        if (reply === undefined)
          return refuse("QUICK_REPLY_NOT_FOUND", "no such reply");
        reply.text = text;
        return ok(reply);
      }
      case "staff/v1/quickReplies/delete": {
        const before = this.replies.length;
        this.replies = this.replies.filter((r) => r.id !== fields.id);
        return this.replies.length === before
          ? refuse("QUICK_REPLY_NOT_FOUND", "no such reply")
          : ok(null);
      }
      case "staff/v1/handOff/targets":
        return ok({ list: this.targets });
      case "staff/v1/handOff": {
        const found = customer(fields.imId);
        const target = this.targets.find((t) => t.imId === fields.toImId);
        if (found === undefined) return refuse("IM_USER_NOT_FOUND", "no user");
        if (target === undefined)
          return refuse("HAND_OFF_TARGET_INVALID", "not staff");
        found.assignedTo = {
          imId: target.imId,
          nickname: target.nickname,
          avatarUrl: "",
        };
        this.assigned = this.assigned.filter((id) => id !== found.imId);
        return ok(found);
      }
      default:
        return undefined;
    }
  }
}

/** Installs the workspace over the current fetch stub (install the chat and desk fakes first). */
export function installFakeWorkspace(): FakeWorkspace {
  const workspace = new FakeWorkspace();
  workspace.contract.failTestOnDrift();
  layerFetch((request) => workspace.answer(request));
  return workspace;
}

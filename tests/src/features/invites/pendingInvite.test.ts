// The remembered invite code: read from `?invite=`, kept for 30 days, refused when malformed or
// expired, and forgotten on request; storage that throws is not an error.
import {
  forgetInvite,
  inviteInSearch,
  pendingInvite,
  PENDING_INVITE_KEY,
  PENDING_INVITE_TTL_MS,
  rememberInvite,
} from "../../../../src/features/invites/pendingInvite";

const NOW = Date.UTC(2026, 10, 26);

it("reads a code from the search string, and only a code", () => {
  expect(inviteInSearch("?invite=FY42AB")).toBe("FY42AB");
  expect(inviteInSearch("?a=1&invite=%20FY42AB%20")).toBe("FY42AB");
  expect(inviteInSearch("?invite=")).toBeNull();
  expect(inviteInSearch("?invite=<script>")).toBeNull();
  expect(inviteInSearch("?other=FY42AB")).toBeNull();
});

it("keeps a code for 30 days and then forgets it", () => {
  rememberInvite("FY42AB", NOW, localStorage);
  expect(pendingInvite(NOW, localStorage)).toBe("FY42AB");
  expect(pendingInvite(NOW + PENDING_INVITE_TTL_MS, localStorage)).toBe(
    "FY42AB",
  );
  expect(pendingInvite(NOW + PENDING_INVITE_TTL_MS + 1, localStorage)).toBe(
    null,
  );
  expect(pendingInvite(NOW - 1, localStorage)).toBeNull();
  forgetInvite(localStorage);
  expect(pendingInvite(NOW, localStorage)).toBeNull();
});

it("ignores what is stored when it is not a remembered code", () => {
  for (const junk of ["{", "42", '{"code":"x y","at":1}', '{"code":"AB"}'])
    localStorage.setItem(PENDING_INVITE_KEY, junk);
  expect(pendingInvite(NOW, localStorage)).toBeNull();
  localStorage.setItem(PENDING_INVITE_KEY, "{");
  expect(pendingInvite(NOW, localStorage)).toBeNull();
});

it("does without storage that refuses", () => {
  const broken = {
    getItem: () => {
      throw new Error("denied");
    },
    setItem: () => {
      throw new Error("quota");
    },
    removeItem: () => {
      throw new Error("denied");
    },
  } as unknown as Storage;
  expect(() => {
    rememberInvite("FY42AB", NOW, broken);
  }).not.toThrow();
  expect(() => {
    forgetInvite(broken);
  }).not.toThrow();
  expect(pendingInvite(NOW, broken)).toBeNull();
});

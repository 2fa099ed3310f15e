// The desk's form rules (src/temple/desk/staffForms.ts) and who may open the desk
// (staffAccess.ts): planned days from the day paid to a year ahead, local noon as the instant,
// real calendar days only, photos required and all uploaded, notes and reasons counted in
// characters as the server counts them.
import { FULFILMENT_LIMITS } from "#contract";
import {
  addDays,
  charCount,
  checkComplete,
  checkDecline,
  checkStartService,
  localDay,
  plannedAtOf,
  plannedDayRange,
} from "../../../../src/temple/desk/staffForms";
import { canUseStaffDesk } from "../../../../src/temple/desk/staffAccess";

describe("the planned day", () => {
  const now = new Date(2026, 10, 27, 9, 30);

  it("ranges from the local day it was paid to a year ahead, less the last day", () => {
    const paid = new Date(2026, 10, 20, 23, 50).toISOString();
    expect(plannedDayRange(now, paid)).toEqual({
      min: "2026-11-20",
      max: addDays("2026-11-27", FULFILMENT_LIMITS.plannedMaxDaysAhead - 1),
    });
    expect(plannedDayRange(now, paid).max).toBe("2027-11-27");
    expect(plannedDayRange(now, null).min).toBeUndefined();
  });

  it("adds days across months, years and leap days", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
  });

  it("is sent as noon on this device", () => {
    const sent = new Date(plannedAtOf("2026-12-01"));
    expect([sent.getFullYear(), sent.getMonth(), sent.getDate()]).toEqual([
      2026, 11, 1,
    ]);
    expect(sent.getHours()).toBe(12);
  });

  it("is refused when missing, not a calendar day, before payment or too far", () => {
    const range = { min: "2026-11-20", max: "2027-11-27" };
    const day = (value: string) =>
      checkStartService({ day: value, note: "" }, range).day;
    expect(day("")).toBe("DATE_REQUIRED");
    expect(day("2026-02-30")).toBe("DATE_INVALID");
    expect(day("26-12-01")).toBe("DATE_INVALID");
    expect(day("2026-11-19")).toBe("DATE_TOO_EARLY");
    expect(day("2027-11-28")).toBe("DATE_TOO_LATE");
    expect(day("2026-11-20")).toBeUndefined();
    expect(day("2027-11-27")).toBeUndefined();
  });
});

describe("notes and reasons", () => {
  it("count characters as the server does (an emoji is one)", () => {
    expect(charCount("🙏🙏")).toBe(2);
    const max = FULFILMENT_LIMITS.noteMaxChars;
    const range = { min: undefined, max: "2099-01-01" };
    const note = (value: string) =>
      checkStartService({ day: "2030-01-01", note: value }, range).note;
    expect(note("🙏".repeat(max))).toBeUndefined();
    expect(note("🙏".repeat(max + 1))).toBe("NOTE_TOO_LONG");
    expect(note(`  ${"a".repeat(max)}  `)).toBeUndefined();
  });

  it("a decline needs a reason of at most 200 characters", () => {
    expect(checkDecline("")).toBe("REASON_REQUIRED");
    expect(checkDecline(" \n ")).toBe("REASON_REQUIRED");
    expect(checkDecline("法事已安排")).toBeUndefined();
    expect(
      checkDecline("字".repeat(FULFILMENT_LIMITS.refundReasonMaxChars + 1)),
    ).toBe("REASON_TOO_LONG");
  });
});

describe("completing", () => {
  const check = (photos: ("uploading" | "stored" | "failed")[]) =>
    checkComplete({ photos, note: "" }).photos;

  it("needs a photo, every one uploaded", () => {
    expect(check([])).toBe("PHOTOS_REQUIRED");
    expect(check(["stored", "uploading"])).toBe("PHOTOS_UPLOADING");
    expect(check(["stored", "failed"])).toBe("PHOTOS_FAILED");
    expect(check(["stored"])).toBeUndefined();
  });
});

describe("who may open the desk", () => {
  const user = { isService: 0, isMonk: 0 } as const;

  it("service staff, monks and admins; nobody before the roles are known", () => {
    expect(canUseStaffDesk(null)).toBe(false);
    expect(canUseStaffDesk(user)).toBe(false);
    expect(canUseStaffDesk({ ...user, isAdmin: 0 })).toBe(false);
    expect(canUseStaffDesk({ ...user, isService: 1 })).toBe(true);
    expect(canUseStaffDesk({ ...user, isMonk: 1 })).toBe(true);
    expect(canUseStaffDesk({ ...user, isAdmin: 1 })).toBe(true);
  });
});

// Masking of contact details in UserInfo.
import { maskEmail, maskPhone } from "../../../server/domain/users/mask";

describe("masking", () => {
  it.each([
    ["13800000001", "138****0001"],
    ["19912345678", "199****5678"],
    ["1234567", "*****67"],
  ])("phone %s → %s", (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  it.each([
    ["user@fuyuan.local", "u***@fuyuan.local"],
    ["a@b.cn", "a***@b.cn"],
    ["x.y+tag@mail.example.com", "x***@mail.example.com"],
    ["broken", "***"],
  ])("e-mail %s → %s", (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});

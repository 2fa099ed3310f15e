// Masking of contact details shown back to their owner: "138****0001", "u***@fuyuan.local".

export function maskPhone(phone: string): string {
  if (phone.length < 8)
    return `${"*".repeat(Math.max(phone.length - 2, 0))}${phone.slice(-2)}`;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

// The rules a recovery email and an escrowed password follow, without zod: the tools check
// them as the visitor types, and the pages load zod only when they first send something.

/** The simple x@y.z pattern of docs/product.md#encryption-options. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Longest password the recovery escrow keeps (it is mailed back as one line of text). */
export const maxRecoveryPasswordChars = 256;

/**
 * One line of printable characters: the escrowed password is put into an email, and a
 * longer or multi-line one would turn the recovery mail into a relay for any text.
 */
export function isRecoverablePassword(password: string): boolean {
  return (
    password.length > 0 &&
    Array.from(password).length <= maxRecoveryPasswordChars &&
    !/[\p{Cc}\u2028\u2029]/u.test(password)
  );
}

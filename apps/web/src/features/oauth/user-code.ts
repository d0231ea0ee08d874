/**
 * @module A user code as people type it (RFC 8628 §6.1): any case, with spaces or dashes. The
 * server matches it the same way; the page only tidies it for the address and the field, as
 * `ABCD-EFGH` when it has the server's eight characters.
 */
const LENGTH = 8;

export function tidyUserCode(typed: string): string {
  const code = typed.replace(/[\s-]+/g, '').toUpperCase();
  return code.length === LENGTH ? `${code.slice(0, LENGTH / 2)}-${code.slice(LENGTH / 2)}` : code;
}

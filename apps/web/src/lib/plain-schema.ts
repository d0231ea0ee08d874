/**
 * @module A form's checks without a validation library: a function from the typed values to the
 * values to submit and the problems found, as `usePlainForm` takes it. The sign-in form uses it so
 * that a cold load of the sign-in page carries no zod (about 20 KB compressed, #32 item 22); the
 * other forms keep zod.
 */

/** A problem at one field; `message` is an i18n key, as zod's messages in this app are. */
export interface FieldProblem<T> {
  field: keyof T & string;
  message: string;
}

/** The values to submit (trimmed, say) and the problems found, in the form's order. */
export type FormCheck<T> = (values: T) => { value: T; problems: FieldProblem<T>[] };

/** The field's problem when it is empty; its value is checked as given (trim it first if need be). */
export function requiredProblem<T>(field: keyof T & string, value: string): FieldProblem<T>[] {
  return value === '' ? [{ field, message: 'validation.required' }] : [];
}

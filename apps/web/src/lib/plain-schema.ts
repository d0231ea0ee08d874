/**
 * @module A form schema without a validation library: a function from the typed values to the
 * values to submit and the problems found, wrapped as a Standard Schema, the interface zod's
 * schemas also offer and `useServerForm` takes. The sign-in form uses it so that a cold load of
 * the sign-in page carries no zod (about 20 KB compressed, #32 item 22); the other forms keep zod.
 */
import type { standardSchemaResolver } from '@hookform/resolvers/standard-schema';

/** A problem at one field; `message` is an i18n key, as zod's messages in this app are. */
export interface FieldProblem<T> {
  field: keyof T & string;
  message: string;
}

/** A Standard Schema from typed values to the same shape, as the form resolver takes it. */
export type FormSchema<T extends object> = Parameters<typeof standardSchemaResolver<T, unknown, T>>[0];

export function plainSchema<T extends object>(
  check: (values: T) => { value: T; problems: FieldProblem<T>[] },
): FormSchema<T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'latchkey',
      validate(input: unknown) {
        const { value, problems } = check(input as T);
        if (problems.length === 0) return { value };
        return { issues: problems.map(({ field, message }) => ({ message, path: [field] })) };
      },
    },
  };
}

/** The field's problem when it is empty; its value is checked as given (trim it first if need be). */
export function requiredProblem<T>(field: keyof T & string, value: string): FieldProblem<T>[] {
  return value === '' ? [{ field, message: 'validation.required' }] : [];
}

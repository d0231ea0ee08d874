/**
 * @module `useServerForm`: react-hook-form with a schema (zod's, or any Standard Schema, so that
 * this module itself needs no zod), submitting through `useServerSubmit` (a TanStack mutation; a
 * server error at the field it concerns, else above the form; one request per double click). The
 * sign-in form, on every cold load, does without react-hook-form: `usePlainForm` gives it the same
 * submit over plain state.
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { AppError } from './app-error';
import { useServerSubmit, type ServerSubmitOptions } from './use-server-submit';

/** A Standard Schema from typed values to the same shape, as the form resolver takes it. */
export type FormSchema<T extends object> = Parameters<typeof standardSchemaResolver<T, unknown, T>>[0];

export interface ServerFormOptions<T extends FieldValues, R> extends ServerSubmitOptions<T, R, Path<T>> {
  schema: FormSchema<T>;
  defaultValues: DefaultValues<T>;
}

export interface ServerForm<T extends FieldValues> {
  form: UseFormReturn<T>;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** The error not shown at a field. */
  serverError: AppError | null;
  pending: boolean;
}

export function useServerForm<T extends FieldValues, R>(options: ServerFormOptions<T, R>): ServerForm<T> {
  const form = useForm<T>({
    resolver: standardSchemaResolver(options.schema),
    defaultValues: options.defaultValues,
    // Errors appear at the first submit, then follow each change. Not on blur: an empty field left
    // untouched would turn red as the user clicks a link below it, and the link would move away
    // from under the pointer before the click lands.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { submit, serverError, pending } = useServerSubmit(options, {
    has: (name): name is Path<T> => name in form.getValues(),
    showError: (name, message) => form.setError(name, { type: 'server', message }, { shouldFocus: true }),
  });
  return { form, onSubmit: form.handleSubmit(submit), serverError, pending };
}

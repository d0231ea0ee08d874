/**
 * @module `useServerForm`: react-hook-form with a schema (zod's, or a plain one from plain-schema.ts:
 * any Standard Schema, so that this module itself needs no zod), submitting through a TanStack
 * mutation like every other change the app makes. A server error lands next to the field it
 * concerns (a VALIDATION_ERROR's named field, or a catalogue code the form maps to a field, e.g.
 * USERNAME_IS_ALREADY_TAKEN → username), else above the form. A second submit while one is
 * running is ignored, so a double click sends one request.
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AppError } from './app-error';
import { errorMessage, invalidFields } from './errors';
import type { FormSchema } from './plain-schema';
import { clientErrorOf } from './unwrap';

export interface ServerFormOptions<T extends FieldValues, R> {
  schema: FormSchema<T>;
  defaultValues: DefaultValues<T>;
  /** The call; a refusal throws a `ServerCallError` (`unwrap`). */
  mutationFn(values: T): Promise<R>;
  /** Runs before the form stops being pending (a navigation, say). */
  onSuccess?(data: R, values: T): void | Promise<void>;
  /** Catalogue codes that belong to one field. */
  errorFields?: Partial<Record<AppError['code'], Path<T>>>;
}

export interface ServerForm<T extends FieldValues> {
  form: UseFormReturn<T>;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** The error not shown at a field. */
  serverError: AppError | null;
  pending: boolean;
}

export function useServerForm<T extends FieldValues, R>(options: ServerFormOptions<T, R>): ServerForm<T> {
  const { t } = useTranslation();
  const form = useForm<T>({
    resolver: standardSchemaResolver(options.schema),
    defaultValues: options.defaultValues,
    // Errors appear at the first submit, then follow each change. Not on blur: an empty field left
    // untouched would turn red as the user clicks a link below it, and the link would move away
    // from under the pointer before the click lands.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const mutation = useMutation({
    mutationFn: options.mutationFn,
    onSuccess: (data, values) => options.onSuccess?.(data, values),
  });
  // The mutation's own pending state arrives with the next render, too late for a double click.
  const running = useRef(false);

  const fieldOf = (error: AppError): Path<T> | undefined => {
    const field = options.errorFields?.[error.code] ?? (invalidFields(error)[0] as Path<T> | undefined);
    return field && field in form.getValues() ? field : undefined;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (running.current) return;
    running.current = true;
    try {
      await mutation.mutateAsync(values);
    } catch (cause) {
      const error = clientErrorOf(cause)!;
      const field = fieldOf(error);
      if (field) form.setError(field, { type: 'server', message: errorMessage(t, error) }, { shouldFocus: true });
    } finally {
      running.current = false;
    }
  });

  const error = clientErrorOf(mutation.error);
  return { form, onSubmit, serverError: error && !fieldOf(error) ? error : null, pending: mutation.isPending };
}

/**
 * @module The submit every form of the app shares, apart from how it holds its values (react-hook-form
 * in `useServerForm`, plain state in `usePlainForm`): the call runs as a TanStack mutation, like
 * every other change the app makes; a server error lands next to the field it concerns (a
 * VALIDATION_ERROR's named field, or a catalogue code the form maps to a field, e.g.
 * USERNAME_IS_ALREADY_TAKEN → username), else above the form. A second submit while one is running
 * is ignored, so a double click sends one request.
 */
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from './app-error';
import { errorMessage, invalidFields } from './errors';
import { clientErrorOf } from './unwrap';

export interface ServerSubmitOptions<T, R, F extends string> {
  /** The call; a refusal throws a `ServerCallError` (`unwrap`). */
  mutationFn(values: T): Promise<R>;
  /** Runs before the form stops being pending (a navigation, say). */
  onSuccess?(data: R, values: T): void | Promise<void>;
  /** Catalogue codes that belong to one field. */
  errorFields?: Partial<Record<AppError['code'], F>>;
}

/** How the submit reaches the form's fields. */
export interface FormFields<F extends string> {
  has(name: string): name is F;
  /** Shows a (translated) server message at the field and focuses it. */
  showError(name: F, message: string): void;
}

export interface ServerSubmit<T> {
  /** Sends the checked values, unless a submit is already running. */
  submit(values: T): Promise<void>;
  /** The error not shown at a field. */
  serverError: AppError | null;
  pending: boolean;
}

export function useServerSubmit<T, R, F extends string>(
  options: ServerSubmitOptions<T, R, F>,
  fields: FormFields<F>,
): ServerSubmit<T> {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: options.mutationFn,
    onSuccess: (data, values) => options.onSuccess?.(data, values),
  });
  // The mutation's own pending state arrives with the next render, too late for a double click.
  const running = useRef(false);

  const fieldOf = (error: AppError): F | undefined => {
    const field = options.errorFields?.[error.code] ?? invalidFields(error)[0];
    return field !== undefined && fields.has(field) ? field : undefined;
  };

  const submit = async (values: T) => {
    if (running.current) return;
    running.current = true;
    try {
      await mutation.mutateAsync(values);
    } catch (cause) {
      const error = clientErrorOf(cause)!;
      const field = fieldOf(error);
      if (field) fields.showError(field, errorMessage(t, error));
    } finally {
      running.current = false;
    }
  };

  const error = clientErrorOf(mutation.error);
  return { submit, serverError: error && !fieldOf(error) ? error : null, pending: mutation.isPending };
}

/**
 * @module `useServerForm`: react-hook-form with a zod schema, submitting to the server. A server
 * error lands next to the field it concerns (a VALIDATION_ERROR's named field, or a catalogue
 * code the form maps to a field, e.g. USERNAME_IS_ALREADY_TAKEN → username), else above the
 * form. A second submit while one is running is ignored, so a double click sends one request.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { AppError, AppResult } from './auth';
import { errorMessage, invalidFields } from './errors';

export interface ServerFormOptions<T extends FieldValues, R> {
  schema: z.ZodType<T, T>;
  defaultValues: DefaultValues<T>;
  submit(values: T): Promise<AppResult<R>>;
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
    resolver: zodResolver(options.schema),
    defaultValues: options.defaultValues,
    mode: 'onTouched',
  });
  const [serverError, setServerError] = useState<AppError | null>(null);
  const [pending, setPending] = useState(false);
  const running = useRef(false);

  const onSubmit = form.handleSubmit(async (values) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    setServerError(null);
    try {
      const result = await options.submit(values);
      if (result.error) {
        const field =
          options.errorFields?.[result.error.code] ?? (invalidFields(result.error)[0] as Path<T> | undefined);
        if (field && field in form.getValues())
          form.setError(field, { type: 'server', message: errorMessage(t, result.error) }, { shouldFocus: true });
        else setServerError(result.error);
        return;
      }
      await options.onSuccess?.(result.data as R, values);
    } finally {
      running.current = false;
      setPending(false);
    }
  });

  return { form, onSubmit, serverError, pending };
}

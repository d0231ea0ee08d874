/**
 * @module Fills a field with a value that arrives after the form is shown (the invited address,
 * read from the server), unless the user has typed something there already.
 */
import { useEffect } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

export function usePrefill<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>, value: string | undefined) {
  useEffect(() => {
    if (value && !form.getValues(name)) form.setValue(name, value as PathValue<T, Path<T>>);
  }, [form, name, value]);
}

/**
 * @module Fills a field with a value that arrives after the form is shown (the invited address,
 * read from the server), unless the user has typed something there already.
 */
import { useEffect } from 'react';

/** What the hook needs of a form: react-hook-form's `UseFormReturn` and `usePlainForm`'s both offer it. */
interface FillableForm<N extends string> {
  getValues: (name: N) => unknown;
  setValue: (name: N, value: string) => void;
}

export function usePrefill<N extends string>(form: FillableForm<NoInfer<N>>, name: N, value: string | undefined) {
  // Both forms' functions are stable: the fill runs when the value arrives, not on every render,
  // so a field the user empties stays empty.
  const { getValues, setValue } = form;
  useEffect(() => {
    if (value && !getValues(name)) setValue(name, value);
  }, [getValues, setValue, name, value]);
}

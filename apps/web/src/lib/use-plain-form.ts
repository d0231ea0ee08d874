/**
 * @module `usePlainForm`: `useServerForm`'s behaviour over plain React state, for the sign-in form:
 * it is on every cold load, where react-hook-form and its resolver would add 12 KB compressed (#32
 * item 22). The same submit (`useServerSubmit`) and the same timing: errors appear at the first
 * submit, every field's at once, with the first field at fault focused, then follow each change the
 * user makes (not on blur, for the reason `useServerForm` gives).
 */
import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FieldProblem, FormCheck } from './plain-schema';
import { useServerSubmit, type ServerSubmit, type ServerSubmitOptions } from './use-server-submit';

type Name<T> = keyof T & string;
type TextName<T> = { [K in Name<T>]: T[K] extends string ? K : never }[Name<T>];

/** Each field's error: an i18n key of `common` (a check's) or a translated server message. */
export type PlainErrors<T> = Partial<Record<Name<T>, string>>;

export interface PlainFormOptions<T extends object, R> extends ServerSubmitOptions<T, R, Name<T>> {
  check: FormCheck<T>;
  /** Every field's first value, in the form's order (the first field at fault is focused). */
  defaultValues: T;
}

export interface PlainForm<T extends object> extends Omit<ServerSubmit<T>, 'submit'> {
  values: T;
  errors: PlainErrors<T>;
  /** Reads a field as react-hook-form's `getValues` does (`usePrefill`); stable. */
  getValues: <K extends Name<T>>(name: K) => T[K];
  /** Sets a field without checking it, as react-hook-form's `setValue` does; stable. */
  setValue: <K extends Name<T>>(name: K, value: T[K]) => void;
  /** The user's change: after the first submit, the field is checked again. */
  change<K extends Name<T>>(name: K, value: T[K]): void;
  /** A text field's props: its value, its changes, and its input, focused when at fault. */
  field<K extends TextName<T>>(
    name: K,
  ): {
    name: K;
    value: T[K];
    onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void;
    inputRef(input: HTMLInputElement | null): void;
  };
  onSubmit(event: FormEvent): void;
}

/** A field shows its first problem, as the schema resolver of `useServerForm` does. */
function errorsOf<T>(problems: FieldProblem<T>[]): PlainErrors<T> {
  const errors: PlainErrors<T> = {};
  for (const { field, message } of problems) errors[field] ??= message;
  return errors;
}

export function usePlainForm<T extends object, R>(options: PlainFormOptions<T, R>): PlainForm<T> {
  const [values, setValues] = useState(options.defaultValues);
  // The values as of the last change, which a change in the same event must build on.
  const latest = useRef(values);
  const [errors, setErrors] = useState<PlainErrors<T>>({});
  const submitted = useRef(false);
  const inputs = useRef<Partial<Record<Name<T>, HTMLInputElement | null>>>({});
  const focus = (name: Name<T>) => inputs.current[name]?.focus();

  const { submit, serverError, pending } = useServerSubmit(options, {
    has: (name): name is Name<T> => name in options.defaultValues,
    showError: (name, message) => {
      setErrors((current) => ({ ...current, [name]: message }));
      focus(name);
    },
  });

  const getValues = useCallback(<K extends Name<T>>(name: K) => latest.current[name], []);
  const setValue = useCallback(<K extends Name<T>>(name: K, value: T[K]) => {
    latest.current = { ...latest.current, [name]: value };
    setValues(latest.current);
  }, []);

  const change = <K extends Name<T>>(name: K, value: T[K]) => {
    setValue(name, value);
    if (!submitted.current) return;
    // Only the changed field's error follows: another field's stays until it changes or a submit.
    const message = errorsOf(options.check(latest.current).problems)[name];
    setErrors((current) => ({ ...current, [name]: message }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const { value, problems } = options.check(latest.current);
    const found = errorsOf(problems);
    setErrors(found);
    const first = (Object.keys(options.defaultValues) as Name<T>[]).find((name) => found[name] !== undefined);
    if (first) focus(first);
    else void submit(value);
  };

  return {
    values,
    errors,
    getValues,
    setValue,
    change,
    field: (name) => ({
      name,
      value: values[name],
      onChange: (event) => change(name, event.target.value as T[typeof name]),
      inputRef: (input) => {
        inputs.current[name] = input;
      },
    }),
    onSubmit,
    serverError,
    pending,
  };
}

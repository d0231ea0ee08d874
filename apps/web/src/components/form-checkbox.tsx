/**
 * @module A labelled checkbox bound to react-hook-form.
 */
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { LabelledCheckbox } from './labelled-checkbox';

export function FormCheckbox<T extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <LabelledCheckbox
          name={field.name}
          label={label}
          checked={Boolean(field.value)}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
        />
      )}
    />
  );
}

import { Select } from '@mantine/core';
import { AUDIENCE_LABELS, AUDIENCES } from '@portal/contracts/admin-content';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

const OPTIONS = AUDIENCES.map((a) => ({ value: String(a), label: AUDIENCE_LABELS[a] }));

/** Who reads a topic or a question: schools and sponsors, or one of them. */
export function AudienceSelect<T extends FieldValues, TOutput>({
  control,
  name,
  description,
}: {
  control: Control<T, unknown, TOutput>;
  name: Path<T>;
  description: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label="Who reads it"
          description={description}
          data={OPTIONS}
          value={field.value === undefined || field.value === null ? '0' : String(field.value)}
          onChange={(value) => field.onChange(Number(value ?? 0))}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          allowDeselect={false}
        />
      )}
    />
  );
}

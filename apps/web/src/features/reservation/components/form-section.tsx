import { Box, Radio, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Control, Controller, type Path, type UseFormReturn } from 'react-hook-form';
import type { FormShape, FormValues } from '../lib/form-values.ts';
import type { ListedFile } from './file-upload-field.tsx';
import classes from './reservation.module.css';

/** What every section of the form is drawn from. */
export interface SectionProps {
  form: UseFormReturn<FormValues>;
  /** The values the sections show and hide with (formShape). */
  shape: FormShape;
  /** A cost sheet's price as people read it, "TBA" when there is none. */
  price: (key: string) => string;
  orderKey: string;
  editable: boolean;
}

/** The files listed by each upload field, and how a field replaces its own list. */
export interface FilesProps {
  files: Record<string, ListedFile[]>;
  setFilesOf: (type: string) => (list: ListedFile[]) => void;
}

export interface Choice {
  value: string;
  label: string;
  description?: ReactNode;
}

export const YES_NO: Choice[] = [
  { value: '1', label: 'Yes' },
  { value: '2', label: 'No' },
];

/** A titled section of the form, named by its title for screen readers. */
export function Section({
  title,
  id,
  description,
  children,
}: {
  title: string;
  id: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Box component="section" className={classes.section} aria-labelledby={`${id}-title`} id={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`${id}-title`}>
          {title}
        </Title>
        {description && (
          <Text size="sm" c="gray.7">
            {description}
          </Text>
        )}
        {children}
      </Stack>
    </Box>
  );
}

/** One answer out of a few, as radio buttons. */
export function Choices({
  control,
  name,
  label,
  options,
  required,
  onPick,
  description,
}: {
  control: Control<FormValues>;
  name: Path<FormValues>;
  label: string;
  options: Choice[];
  required?: boolean;
  onPick?: (value: string) => void;
  description?: ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: radio, fieldState }) => (
        <Box data-invalid={fieldState.error ? 'true' : undefined}>
          <Radio.Group
            label={label}
            description={description}
            required={required}
            value={typeof radio.value === 'string' && radio.value !== '' ? radio.value : null}
            onChange={(value) => {
              radio.onChange(value);
              onPick?.(value);
            }}
            error={fieldState.error?.message}
            name={radio.name}
          >
            <Stack gap={10} mt={8}>
              {options.map((o, i) => (
                <Radio
                  key={o.value}
                  value={o.value}
                  label={o.label}
                  description={o.description}
                  onBlur={radio.onBlur}
                  ref={i === 0 ? radio.ref : undefined}
                />
              ))}
            </Stack>
          </Radio.Group>
        </Box>
      )}
    />
  );
}

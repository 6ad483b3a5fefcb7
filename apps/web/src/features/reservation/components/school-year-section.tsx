import { Box, NativeSelect } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { withPlaceholder } from '../../../lib/use-states.ts';
import { Section, type SectionProps } from './form-section.tsx';

/** The school year the order is for: the current one or the next (D11). */
export function SchoolYearSection({ form, years }: Pick<SectionProps, 'form'> & { years: string[] }) {
  return (
    <Section title="School year" id="school-year">
      <Controller
        control={form.control}
        name="school_year"
        render={({ field: select, fieldState }) => (
          <Box data-invalid={fieldState.error ? 'true' : undefined} maw={{ sm: 320 }}>
            {/* A native list: two choices, the phone's own picker, and no dropdown to place. */}
            <NativeSelect
              {...select}
              label="School year"
              required
              data={withPlaceholder(
                'Choose the school year',
                years.map((year) => ({ value: year, label: year })),
              )}
              value={select.value ?? ''}
              error={fieldState.error?.message}
            />
          </Box>
        )}
      />
    </Section>
  );
}

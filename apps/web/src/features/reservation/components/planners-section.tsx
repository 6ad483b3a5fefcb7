import { Box, Text } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { fieldProps, useFormDerived } from '../../../lib/form.ts';
import { type FormValues, plannerTotal } from '../lib/form-values.ts';
import { CountInput } from './count-input.tsx';
import { Section, type SectionProps } from './form-section.tsx';
import classes from './reservation.module.css';

/** The count of planners ordered: it alone follows each key typed into the planner counts. */
function PlannersInAll({ form }: { form: UseFormReturn<FormValues> }) {
  const { planners } = useFormDerived(form, plannerTotal);
  return (
    <Text size="sm" c="gray.7">
      {planners.toLocaleString('en-US')} planners in all. The sections below are now required.
    </Text>
  );
}

/** How many planners of each of the four kinds (D10's P). */
export function PlannersSection({ form, shape, price }: Pick<SectionProps, 'form' | 'shape' | 'price'>) {
  return (
    <Section
      title="Planners"
      id="planners"
      description={`Each planner is ${price('plannerPrice')}. Enter how many of each kind you need.`}
    >
      <Box className={classes.grid2}>
        <CountInput label="Primary planners" {...fieldProps(form, 'noprimary_planners')} />
        <CountInput label="Standard planners" {...fieldProps(form, 'nostandard_planners')} />
        <CountInput label="8.5 x 11 planners" {...fieldProps(form, 'no8511_planners')} />
        <CountInput label="6 x 9 planners" {...fieldProps(form, 'no69_planners')} />
      </Box>
      {shape.plannersOrdered && <PlannersInAll form={form} />}
    </Section>
  );
}

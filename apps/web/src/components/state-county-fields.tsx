import '../styles/mantine-forms.css';
import { NativeSelect } from '@mantine/core';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { countyOptions, stateOptions, useStates, withPlaceholder } from '../lib/use-states.ts';

interface PlaceForm extends FieldValues {
  state: string;
  county: string;
}

/**
 * State, then a county list that follows it (spec §5). Both are names, as the school and
 * sponsor calls expect. A county left over from another state is cleared, never sent.
 */
export function StateCountyFields<T extends PlaceForm>({ form }: { form: UseFormReturn<T, unknown, unknown> }) {
  const states = useStates();
  const stateField = 'state' as Path<T>;
  const countyField = 'county' as Path<T>;
  const chosenState = String(form.watch(stateField) ?? '');
  const counties = countyOptions(states.data, chosenState);

  return (
    <>
      <Controller
        control={form.control}
        name={stateField}
        render={({ field, fieldState }) => (
          <NativeSelect
            {...field}
            label="State"
            required
            autoComplete="address-level1"
            data={withPlaceholder(states.isPending ? 'Loading states…' : 'Select a state', stateOptions(states.data))}
            error={fieldState.error?.message}
            onChange={(event) => {
              const next = event.currentTarget.value;
              field.onChange(next);
              const county = String(form.getValues(countyField) ?? '');
              if (county && !states.data?.counties[next]?.includes(county)) {
                form.setValue(countyField, '' as PathValue<T, Path<T>>, {
                  shouldValidate: form.getFieldState(countyField).isTouched,
                  shouldDirty: true,
                });
              }
            }}
          />
        )}
      />
      <Controller
        control={form.control}
        name={countyField}
        render={({ field, fieldState }) => (
          <NativeSelect
            {...field}
            label="County"
            required
            disabled={!chosenState}
            data={withPlaceholder(chosenState ? 'Select a county' : 'Choose the state first', counties)}
            error={fieldState.error?.message}
          />
        )}
      />
    </>
  );
}

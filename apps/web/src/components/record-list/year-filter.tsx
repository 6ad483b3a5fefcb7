import '../../styles/mantine-forms.css';
import { NativeSelect } from '@mantine/core';
import { useSearchParams } from 'react-router';

/**
 * The year asked for in the address (?year=2025), if it is one a list from `baseYear` could
 * offer, and the way to ask for another (undefined: all years).
 */
export function useYearFilter(baseYear: number): [number | undefined, (year: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= baseYear ? asked : undefined;
  const setYear = (next: number | undefined) =>
    setParams((p) => {
      if (next === undefined) p.delete('year');
      else p.set('year', String(next));
      return p;
    });
  return [year, setYear];
}

/** All years, then the `years` the server offers; a year asked for in the address is shown even when not offered. */
export function YearFilter({
  year,
  years,
  onChange,
  label = 'Year',
  allLabel = 'All years',
}: {
  year: number | undefined;
  years: readonly number[];
  onChange: (year: number | undefined) => void;
  label?: string;
  allLabel?: string;
}) {
  const options = year !== undefined && !years.includes(year) ? [year, ...years] : years;
  return (
    <NativeSelect
      label={label}
      value={year === undefined ? 'all' : String(year)}
      onChange={(e) => onChange(e.currentTarget.value === 'all' ? undefined : Number(e.currentTarget.value))}
      data={[{ value: 'all', label: allLabel }, ...options.map((y) => ({ value: String(y), label: String(y) }))]}
      w={160}
    />
  );
}

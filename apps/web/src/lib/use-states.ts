import type { TStatesResponse } from '@portal/contracts/geography';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** The states and their counties change only when staff edit them: one load per visit is plenty. */
export function useStates() {
  return useQuery({
    queryKey: ['states'],
    queryFn: ({ signal }) => api.get<TStatesResponse>('states', undefined, { signal }),
    staleTime: 60 * 60 * 1000,
  });
}

export interface SelectOption {
  value: string;
  label: string;
}

/** Options for a native select, with a first empty choice so that nothing is chosen by accident. */
export function withPlaceholder(placeholder: string, options: SelectOption[]): SelectOption[] {
  return [{ value: '', label: placeholder }, ...options];
}

export function stateOptions(data: TStatesResponse | undefined): SelectOption[] {
  return (data?.states ?? []).map((s) => ({ value: s.state_name, label: s.state_name }));
}

export function countyOptions(data: TStatesResponse | undefined, stateName: string): SelectOption[] {
  return (data?.counties[stateName] ?? []).map((c) => ({ value: c, label: c }));
}

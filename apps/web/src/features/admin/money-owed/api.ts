import type { MoneyOwedKind, TAdminMoneyOwedResponse } from '@portal/contracts/admin-money-owed';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const moneyOwedKey = ['account', 'staff', 'money-owed'] as const;

/** What is owed, aged, of one kind or both (a rep's answer holds only their own sponsors'). */
export function useMoneyOwed(kind: MoneyOwedKind | undefined) {
  return useQuery({
    queryKey: [...moneyOwedKey, kind ?? 'all'],
    queryFn: ({ signal }) =>
      api.get<TAdminMoneyOwedResponse>('admin/money-owed', kind ? { kind } : undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The same report as a CSV file, downloaded with the signed-in session. */
export const downloadMoneyOwedCsv = (kind: MoneyOwedKind | undefined, today: string) =>
  api.download(`/api/admin/money-owed.csv${kind ? `?kind=${kind}` : ''}`, `money-owed-${today}.csv`);

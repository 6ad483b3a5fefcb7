import type { AgeingBucket, MoneyOwedKind, TAdminMoneyOwedResponse } from '@portal/contracts/admin-money-owed';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const moneyOwedKey = ['account', 'staff', 'money-owed'] as const;

/** Which lines: one kind or both, one band or all. */
export interface MoneyOwedChoice {
  kind: MoneyOwedKind | undefined;
  bucket: AgeingBucket | undefined;
}

const params = ({ kind, bucket }: MoneyOwedChoice) => ({
  ...(kind ? { kind } : {}),
  ...(bucket ? { bucket } : {}),
});

/** A page of what is owed, aged, with the totals of each band (a rep's answer holds only their own sponsors'). */
export function useMoneyOwed(choice: MoneyOwedChoice, page: number) {
  return useQuery({
    queryKey: [...moneyOwedKey, choice.kind ?? 'all', choice.bucket ?? 'all', page],
    queryFn: ({ signal }) =>
      api.get<TAdminMoneyOwedResponse>('admin/money-owed', { ...params(choice), page: String(page) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every line of the same choice as a CSV file, downloaded with the signed-in session. */
export const downloadMoneyOwedCsv = (choice: MoneyOwedChoice, today: string) => {
  const query = new URLSearchParams(params(choice)).toString();
  return api.download(`/api/admin/money-owed.csv${query ? `?${query}` : ''}`, `money-owed-${today}.csv`);
};

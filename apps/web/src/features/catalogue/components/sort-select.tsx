import { PlainSelect } from '../../../components/plain-select.tsx';
import type { ProductSort } from '../api/catalogue-calls.ts';

const SORTS: { value: ProductSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'name_asc', label: 'Name A–Z' },
  { value: 'name_desc', label: 'Name Z–A' },
  { value: 'price_asc', label: 'Price low–high' },
  { value: 'price_desc', label: 'Price high–low' },
];

export const isSort = (value: string | null): value is ProductSort => SORTS.some((s) => s.value === value);

export function SortSelect({ value, onChange }: { value: ProductSort; onChange: (sort: ProductSort) => void }) {
  return (
    <PlainSelect
      label="Sort by"
      value={value}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isSort(next)) onChange(next);
      }}
      options={SORTS}
    />
  );
}

import { Text } from '@mantine/core';

/** One fact of a record: a small label above its value. */
export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{value || '—'}</Text>
    </div>
  );
}

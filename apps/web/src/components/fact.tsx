import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One fact of a record: a small label above its value, as a term and its description. It
 * stands in a list of facts (a `dl`: `SimpleGrid component="dl"`); an empty value reads "—".
 */
export function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value === '' || value === null || value === undefined ? '—' : value}
      </Text>
    </div>
  );
}

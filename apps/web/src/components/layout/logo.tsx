import { Group, Text } from '@mantine/core';

export function Logo() {
  return (
    <Group gap={10} wrap="nowrap">
      <svg width="34" height="34" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#1864ab" />
        <path d="M18 16h22a6 6 0 0 1 6 6v26H24a6 6 0 0 1-6-6z" fill="#fff" />
        <path d="M24 24h16M24 31h16M24 38h10" stroke="#1864ab" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <Text component="span" fw={800} fz="lg" c="blue.9" lh={1.1}>
        School Planner Savings
      </Text>
    </Group>
  );
}

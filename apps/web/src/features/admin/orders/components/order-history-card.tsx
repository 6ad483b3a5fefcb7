import { Paper, Stack, Text, Title } from '@mantine/core';
import type { TAuditEntry } from '@portal/contracts/admin';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const shown = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** "status: Reserved → Order Placed": each field a change touched. */
function changes(entry: TAuditEntry): string {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return keys
    .map((key) =>
      entry.before && key in entry.before
        ? `${key}: ${shown(entry.before[key])} → ${shown(entry.after?.[key])}`
        : `${key}: ${shown(entry.after?.[key])}`,
    )
    .join('; ');
}

/** Who changed the order, when, and what, newest first (the audit log of this order). */
export function OrderHistoryCard({ entries }: { entries: TAuditEntry[] }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} size="h4" mb="sm">
        History
      </Title>
      {entries.length === 0 ? (
        <Text c="gray.7">No change has been recorded yet.</Text>
      ) : (
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <Text size="sm" fw={600}>
                {when.format(new Date(entry.at))} · {entry.actor} · {entry.action}
              </Text>
              <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                {changes(entry)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

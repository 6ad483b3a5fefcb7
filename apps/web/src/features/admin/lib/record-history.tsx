import { Paper, Stack, Text, Title } from '@mantine/core';
import type { TAuditEntry } from '@portal/contracts/admin';
import { LoadError } from '../../../components/page-states.tsx';
import { type HistoryKind, useRecordHistory } from '../sponsors/api.ts';
import { when } from './format.ts';

const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

function changes(entry: TAuditEntry) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return keys.map((key) =>
    entry.before && key in entry.before
      ? `${key}: ${shown(entry.before[key])} → ${shown(entry.after?.[key])}`
      : `${key}: ${shown(entry.after?.[key])}`,
  );
}

/** A record's own history from the audit log, newest first. */
export function RecordHistory({ kind, id }: { kind: HistoryKind; id: number }) {
  const history = useRecordHistory(kind, id);
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        History
      </Title>
      {history.isError ? (
        <LoadError message={history.error.message} onRetry={() => void history.refetch()} />
      ) : history.data?.entries.length === 0 ? (
        <Text c="gray.7">No changes yet.</Text>
      ) : (
        history.data?.entries.map((entry) => (
          <Paper withBorder p="sm" radius="md" key={entry.id}>
            <Text size="sm" fw={600}>
              {entry.action} · {entry.actor} · {when.format(new Date(entry.at))}
            </Text>
            {changes(entry).map((line) => (
              <Text size="sm" key={line} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {line}
              </Text>
            ))}
          </Paper>
        ))
      )}
    </Stack>
  );
}

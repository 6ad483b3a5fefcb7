import { Paper, Stack, Text, Title } from '@mantine/core';
import type { TAuditEntry } from '@portal/contracts/admin';
import { when } from '../../lib/format.ts';

const shown = (value: unknown) => {
  if (value === null || value === undefined || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  // HTML bodies are shown as their words: the history is for reading who changed what.
  const words = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return words.length > 160 ? `${words.slice(0, 160)}…` : words || '—';
};

/** "seo_title: Old → New": each field a change touched. */
function changes(entry: TAuditEntry, names: Record<string, string>): string[] {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return keys.map((key) => {
    const name = names[key] ?? key;
    if (!entry.after) return `${name}: ${shown(entry.before?.[key])} (deleted)`;
    return entry.before && key in entry.before
      ? `${name}: ${shown(entry.before[key])} → ${shown(entry.after[key])}`
      : `${name}: ${shown(entry.after[key])}`;
  });
}

/** A record's history from the audit log, newest first: who, when, what. */
export function ContentHistory({
  entries,
  names = {},
  title = 'History',
}: {
  entries: TAuditEntry[];
  /** Field names as staff read them. */
  names?: Record<string, string>;
  title?: string;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Title order={2} size="h4" mb="sm">
        {title}
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
              {changes(entry, names).map((line) => (
                <Text key={line} size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                  {line}
                </Text>
              ))}
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

import { Code, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITIES,
  AUDIT_ENTITY_LABELS,
  AUDIT_PAGE_SIZE,
  type AuditEntity,
  type TAuditEntry,
} from '@portal/contracts/admin';
import { DataTable } from 'mantine-datatable';
import { LoadError } from '../../../components/page-states.tsx';
import { usePageMeta } from '../../../lib/content.ts';
import { useAuditLog } from '../api/admin-calls.ts';
import { deepPages } from '../lib/deep-pages.tsx';
import { when } from '../lib/format.ts';
import { STAFF_TABLE } from '../lib/staff-table.ts';
import { useListParams } from '../lib/use-list-params.ts';

const shown = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** The fields a change touched, as they were and as they became. */
function ChangeTable({ entry }: { entry: TAuditEntry }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0) return <Text size="sm">No fields recorded.</Text>;
  return (
    <Table withTableBorder fz="sm" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="25%">Field</Table.Th>
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {keys.map((key) => (
          <Table.Tr key={key}>
            <Table.Td>{key}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Code>{shown(entry.before?.[key])}</Code>
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Code>{shown(entry.after?.[key])}</Code>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const fieldsOf = (entry: TAuditEntry) =>
  [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])].join(', ');

/**
 * The audit log (administrators): every change, newest first, narrowed by record type or
 * by words (a person, a record number, a value); a row opens to show before and after.
 * The filters live in the address, so Back and a shared link keep them.
 */
export default function AuditLogScreen() {
  usePageMeta({ title: 'Audit log' });
  const place = useListParams();
  const { get, page, after, q, words, setWords, update } = place;
  const entity = get('entity') ?? '';

  const log = useAuditLog({ entity: entity || undefined, q: q || undefined, page, after: after || undefined });
  const pages = deepPages(place, log.data, { rows: log.data?.entries.length ?? 0, pageSize: AUDIT_PAGE_SIZE });

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Audit log
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Record"
          placeholder="All records"
          data={AUDIT_ENTITIES.map((e) => ({ value: e, label: AUDIT_ENTITY_LABELS[e] }))}
          value={entity || null}
          onChange={(value) => update({ entity: value ?? '', page: '' })}
          clearable
          w={200}
        />
        <TextInput
          label="Search"
          placeholder="A person, a record number, a value"
          value={words}
          onChange={(event) => setWords(event.currentTarget.value)}
          maxLength={200}
          style={{ flex: '1 1 240px' }}
        />
      </Group>
      {log.isError ? (
        <LoadError message={log.error.message} onRetry={() => void log.refetch()} />
      ) : (
        <DataTable<TAuditEntry>
          {...STAFF_TABLE}
          fetching={log.isFetching}
          records={log.data?.entries ?? []}
          idAccessor="id"
          {...pages.pagination}
          noRecordsText="No changes match."
          columns={[
            { accessor: 'at', title: 'When', render: (e) => when.format(new Date(e.at)) },
            {
              accessor: 'actor',
              title: 'Who',
              cellsStyle: () => ({ overflowWrap: 'anywhere' }),
              render: (e) => (
                <>
                  {e.actor}
                  {e.ip ? (
                    <Text size="xs" c="dimmed">
                      from {e.ip}
                    </Text>
                  ) : null}
                </>
              ),
            },
            { accessor: 'action', title: 'What', render: (e) => AUDIT_ACTION_LABELS[e.action] ?? e.action },
            {
              accessor: 'entity',
              title: 'Record',
              render: (e) => `${AUDIT_ENTITY_LABELS[e.entity as AuditEntity] ?? e.entity} #${e.entity_id}`,
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            },
            {
              accessor: 'fields',
              title: 'Fields',
              render: fieldsOf,
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            },
          ]}
          rowExpansion={{ content: ({ record }) => <ChangeTable entry={record} /> }}
        />
      )}
      {!log.isError && pages.footer}
    </Stack>
  );
}

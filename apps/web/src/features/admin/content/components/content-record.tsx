import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toastSuccess } from '../../../../lib/toast.tsx';
import { ConfirmButton } from '../../lib/confirm-button.tsx';
import { MoveButtons, moved } from './move-buttons.tsx';

/** A content screen's title, what it holds, and (for a list) the button that adds one. */
export function ContentListHeader(props: { title: string; intro: string; newLabel?: string; newTo?: string }) {
  const heading = (
    <div>
      <Title order={1} size="h2">
        {props.title}
      </Title>
      <Text c="gray.7" size="sm">
        {props.intro}
      </Text>
    </div>
  );
  if (!props.newTo) return heading;
  return (
    <Group justify="space-between" align="flex-start">
      {heading}
      <Button component={Link} to={props.newTo}>
        {props.newLabel}
      </Button>
    </Group>
  );
}

/**
 * The first column of an ordered list: arrows that move a row up or down, sending the
 * ids in their new order.
 */
export function moveColumn<T extends { id: number }>(
  rows: T[],
  labelOf: (row: T) => string,
  move: { busy: boolean; send: (ids: number[]) => void },
): DataTableColumn<T> {
  return {
    accessor: 'sort_order',
    title: 'Order',
    width: 90,
    render: (row, index) => (
      <MoveButtons
        label={labelOf(row)}
        index={index}
        count={rows.length}
        busy={move.busy}
        onMove={(step) =>
          move.send(
            moved(
              rows.map((r) => r.id),
              index,
              step,
            ),
          )
        }
      />
    ),
  };
}

/** What adding a record does once the server made it: says so, and opens the new record in place of the form. */
export function useOpenCreated(listPath: string) {
  const navigate = useNavigate();
  return (out: { id: number; message: string }) => {
    toastSuccess(out.message);
    void navigate(`${listPath}/${out.id}`, { replace: true });
  };
}

interface ContentRecordPageProps {
  back: { to: string; label: string };
  maw: number;
  title: string;
  /** Under the title, e.g. how many questions a topic holds. */
  subtitle?: ReactNode;
  /** The delete button, its question, and where to go once it is deleted. */
  remove?: { what: string; question: string; run: () => Promise<{ message: string }>; goTo: string };
  children: ReactNode;
}

/** A content record's page (or a new one's): back to its list, its title, Delete, then its form and history. */
export function ContentRecordPage({ back, maw, title, subtitle, remove, children }: ContentRecordPageProps) {
  const navigate = useNavigate();
  return (
    <Stack gap="md" maw={maw}>
      <Anchor component={Link} to={back.to} size="sm">
        ← {back.label}
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ flex: 1, minWidth: 0 }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {subtitle}
        </div>
        {remove && (
          <ConfirmButton
            label="Delete"
            color="red"
            variant="outline"
            title={`Delete this ${remove.what}?`}
            style={{ flexShrink: 0 }}
            question={remove.question}
            confirmLabel={`Delete ${remove.what}`}
            onConfirm={async () => {
              toastSuccess((await remove.run()).message);
              void navigate(remove.goTo, { replace: true });
            }}
          />
        )}
      </Group>
      {children}
    </Stack>
  );
}

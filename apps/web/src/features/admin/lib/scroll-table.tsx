import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A table that scrolls sideways on a narrow screen rather than overflowing it. */
export function ScrollTable({
  label,
  head,
  rows,
  empty,
  minWidth = 560,
}: {
  /** What the table holds, for the scrolling box a keyboard can reach. */
  label: string;
  head: string[];
  rows: ReactNode[][];
  empty?: string;
  minWidth?: number;
}) {
  if (rows.length === 0 && empty) return <Text c="dimmed">{empty}</Text>;
  return (
    // Cells wrap between words, never inside a number or a name; a table too wide scrolls in its box.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must be reachable by keyboard
    <section aria-label={`${label} table`} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table striped withTableBorder fz="sm" miw={minWidth}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h} style={{ whiteSpace: 'nowrap' }}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((cells, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are shown in a fixed order and never reordered
            <Table.Tr key={i}>
              {cells.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed
                <Table.Td key={j} style={{ overflowWrap: 'normal' }}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

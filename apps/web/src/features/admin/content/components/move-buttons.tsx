import { ActionIcon, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';

/** The ids in their new order once the one at `index` moves up (-1) or down (+1). */
export function moved(ids: number[], index: number, step: -1 | 1): number[] {
  const next = [...ids];
  const target = index + step;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target] as number, next[index] as number];
  return next;
}

/** Up and down arrows that move a row of an ordered list; the ends cannot move past the edge. */
export function MoveButtons({
  label,
  index,
  count,
  busy,
  onMove,
}: {
  /** What the row is, for the buttons' names: "Move “Account” up". */
  label: string;
  index: number;
  count: number;
  busy: boolean;
  onMove: (step: -1 | 1) => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        aria-label={`Move “${label}” up`}
        disabled={index === 0 || busy}
        onClick={(event) => {
          event.stopPropagation();
          onMove(-1);
        }}
      >
        <IconArrowUp size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="default"
        aria-label={`Move “${label}” down`}
        disabled={index === count - 1 || busy}
        onClick={(event) => {
          event.stopPropagation();
          onMove(1);
        }}
      >
        <IconArrowDown size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

import { describe, expect, it } from 'vitest';
import { textTable } from './text-table.ts';

describe('textTable', () => {
  it('aligns the words left and the figures right, with the totals under the last column', () => {
    const text = textTable({
      head: ['Item', 'Qty', 'Amount'],
      rows: [
        ['Planners', '120', '$540.00'],
        ['Pickup', '1', '$25.00'],
      ],
      totals: [
        ['Tax', 'To be added'],
        ['Total', '$565.00'],
      ],
    });
    expect(text.split('\n')).toEqual([
      'Item      Qty       Amount',
      '--------------------------',
      'Planners  120      $540.00',
      'Pickup      1       $25.00',
      '--------------------------',
      '          Tax  To be added',
      '        Total      $565.00',
    ]);
  });

  it('gives a long first cell a line of its own rather than cutting it', () => {
    const name = 'A name far longer than any column should be made';
    const lines = textTable({ head: ['Item', 'Qty'], rows: [[name, '5']] }).split('\n');
    expect(lines).toContain(name);
    expect(lines.at(-1)?.trim()).toBe('5');
  });
});

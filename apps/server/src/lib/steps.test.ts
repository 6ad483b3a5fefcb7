import { describe, expect, it } from 'vitest';
import { stepsById } from './steps.ts';

const rows = Array.from({ length: 7 }, (_, i) => ({ id: (i + 1) * 10 }));
const reader = (asked: number[]) => async (afterId: number, size: number) => {
  asked.push(afterId);
  return rows.filter((r) => r.id > afterId).slice(0, size);
};

describe('stepsById', () => {
  it('reads every row once, a step at a time, each step past the last id of the one before', async () => {
    const asked: number[] = [];
    const steps: number[][] = [];
    for await (const step of stepsById(reader(asked), 3)) steps.push(step.map((r) => r.id));
    expect(steps).toEqual([[10, 20, 30], [40, 50, 60], [70]]);
    expect(asked).toEqual([0, 30, 60]);
  });

  it('asks once more after a full last step, and yields no empty step', async () => {
    const asked: number[] = [];
    const steps: number[][] = [];
    for await (const step of stepsById(reader(asked), 7)) steps.push(step.map((r) => r.id));
    expect(steps).toHaveLength(1);
    expect(asked).toEqual([0, 70]);
  });

  it('stops reading when the caller stops', async () => {
    const asked: number[] = [];
    for await (const _ of stepsById(reader(asked), 2)) break;
    expect(asked).toEqual([0]);
  });
});

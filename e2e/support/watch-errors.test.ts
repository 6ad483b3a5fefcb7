import { describe, expect, it } from 'vitest';
import { errorLines, unexpected } from './watch-errors.ts';

describe('errorLines', () => {
  it('takes the error and fatal lines of a pino log, and nothing else', () => {
    const log = [
      'School Planner Savings is running',
      '{"level":30,"msg":"request"}',
      '{"level":40,"msg":"slow"}',
      '{"level":50,"msg":"broke"}',
      '{"level":60,"msg":"died"}',
      '',
    ].join('\n');
    expect(errorLines(log)).toEqual(['{"level":50,"msg":"broke"}', '{"level":60,"msg":"died"}']);
  });
});

describe('unexpected', () => {
  it('answers what no expectation covers, and each expectation that nothing met', () => {
    expect(unexpected([], [])).toEqual([]);
    expect(unexpected(['server error: gateway timed out'], [/gateway timed out/])).toEqual([]);
    expect(unexpected(['uncaught page error: boom'], [])).toEqual(['uncaught page error: boom']);
    expect(unexpected([], [/gateway timed out/])).toEqual([
      'expected an error matching /gateway timed out/, and none came',
    ]);
  });
});

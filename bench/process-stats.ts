import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** What the benchmarks read of a running process from /proc: its CPU time and its memory. */

let clockTicks: number | undefined;

/** CPU time used so far by process `pid` and all its threads, in microseconds. */
export function cpuMicros(pid: number): number {
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the parenthesised command name, which may itself contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks / clockTicks) * 1e6;
}

/** VmHWM: the most resident memory the process has had; VmRSS: what it has now. In MB. */
export function statusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

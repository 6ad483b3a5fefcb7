export function exitCodeOf(
  child: { status: number | null; signal: NodeJS.Signals | string | null; error?: Error & { code?: string } },
  what: string,
  report?: (line: string) => void,
): number;

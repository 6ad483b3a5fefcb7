/**
 * The business's own days (Tampa, Florida): the cut-off, school years, invoice and due days,
 * the money-owed report's today, receipts and reminders all speak of days in this time zone,
 * never in the server's or in UTC.
 */
export const BUSINESS_TIME_ZONE = 'America/New_York';

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The business's day at the instant `at`: YYYY-MM-DD. */
export function businessDay(at: Date, timeZone = BUSINESS_TIME_ZONE): string {
  const parts = Object.fromEntries(
    dayFormat(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A zone's clock to the second, made once per zone: making a format costs far more than using one. */
const clockFormats = new Map<string, Intl.DateTimeFormat>();
function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clockFormats.set(timeZone, format);
  }
  return format;
}

/** Minutes the zone is ahead of UTC at the instant `at` (New York: −300 in winter, −240 in summer). */
function offsetMinutes(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    clockFormat(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const local = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.round((local - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant the business's day `day` (YYYY-MM-DD) begins: its midnight in the business's time zone. */
export function startOfBusinessDay(day: string, timeZone = BUSINESS_TIME_ZONE): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // The offset at the guess, then again at the answer (a change of clocks between the two).
  const first = midnightUtc - offsetMinutes(new Date(midnightUtc), timeZone) * 60_000;
  return new Date(midnightUtc - offsetMinutes(new Date(first), timeZone) * 60_000);
}

/** The day `days` after the YYYY-MM-DD day `day` (a calendar day, whatever the zone). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

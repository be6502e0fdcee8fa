/**
 * How long from `now` until the wall clock of `timeZone` next reads `hour`:`minute` (a whole day
 * when it reads that now), to the minute: for tests that move a clock to a local time of day.
 */
export function untilLocalTime(now: Date, timeZone: string, hour: number, minute = 0): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: 'numeric', minute: 'numeric' })
      .formatToParts(now)
      .map((part) => [part.type, Number(part.value)]),
  ) as { hour: number; minute: number };
  const minutes = (hour * 60 + minute - (parts.hour * 60 + parts.minute) + 24 * 60) % (24 * 60);
  return (minutes || 24 * 60) * 60_000 - now.getUTCSeconds() * 1000;
}

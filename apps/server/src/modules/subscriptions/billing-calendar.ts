/**
 * Billing periods follow the calendar (issue 12): a month after 31 January is the last day of February, and the
 * month after that is 31 March again, because every date counts from the subscription's anchor, not from the
 * previous (shortened) date. UTC throughout.
 */
export function addMonths(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * 86_400_000);
}

/** The end of the paid period that starts at `periodStart`: the first anchor-based month end after it. */
export function nextPeriodEnd(anchor: Date, periodStart: Date): Date {
  const months =
    (periodStart.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + periodStart.getUTCMonth() - anchor.getUTCMonth();
  for (let k = Math.max(months, 0); ; k++) {
    const end = addMonths(anchor, k);
    if (end > periodStart) return end;
  }
}

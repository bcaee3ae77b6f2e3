/** Messages of one calendar day (the reader's time zone), in order. */
export interface DayGroup<T> {
  /** YYYY-MM-DD in the reader's time zone. */
  day: string;
  /** Midnight of that day, for its heading. */
  date: Date;
  items: T[];
}

const pad = (n: number) => String(n).padStart(2, '0');

export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Groups items (already in time order) by the local day of `dateOf(item)`. */
export function groupByDay<T>(items: readonly T[], dateOf: (item: T) => Date): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const date = dateOf(item);
    const day = dayKey(date);
    const current = groups[groups.length - 1];
    if (current?.day === day) current.items.push(item);
    else groups.push({ day, date: new Date(date.getFullYear(), date.getMonth(), date.getDate()), items: [item] });
  }
  return groups;
}

/** "today", "yesterday" or null (another day: its date is shown), relative to `now`. */
export function relativeDay(date: Date, now: Date): 'today' | 'yesterday' | null {
  const day = dayKey(date);
  if (day === dayKey(now)) return 'today';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  return day === dayKey(yesterday) ? 'yesterday' : null;
}

import { html, type Html } from './html.js';

const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

const UNITS: [number, string][] = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
];

/** "3 hours ago" / "in 30 days" for recent and near dates. */
export function relative(date: Date, now: Date): string {
  const delta = date.getTime() - now.getTime();
  const abs = Math.abs(delta);
  if (abs < 60_000) return delta < 0 ? 'just now' : 'in a moment';
  for (const [ms, unit] of UNITS) {
    if (abs >= ms) {
      // Past times count whole units elapsed; future ones the nearest ("in 30 days").
      const n = delta < 0 ? Math.floor(abs / ms) : Math.round(abs / ms);
      const text = `${n} ${unit}${n === 1 ? '' : 's'}`;
      return delta < 0 ? `${text} ago` : `in ${text}`;
    }
  }
  return DATE.format(date);
}

/** A <time> element with the exact UTC time and, when asked, a relative label. */
export function when(
  date: Date | null | undefined,
  options: { empty?: string; now?: Date } = {},
): Html {
  if (!date) return html`<span class="muted">${options.empty ?? '—'}</span>`;
  const exact = `${DATE.format(date)} UTC`;
  return html`<time datetime="${date.toISOString()}" title="${exact}"
    >${options.now ? relative(date, options.now) : exact}</time
  >`;
}

export const count = (n: number) => n.toLocaleString('en-US');

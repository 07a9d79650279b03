/** Answers counted by channel and status, for a run's summary line. */
export class StatusTally {
  private readonly counts = new Map<string, number>();

  add(channel: string, status: number): void {
    const key = `${channel} ${status}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** "N requests; http 200: n, ..." */
  summary(): string {
    const total = [...this.counts.values()].reduce((a, b) => a + b, 0);
    const rows = [...this.counts].sort(([a], [b]) => a.localeCompare(b));
    return `${total} requests; ${rows.map(([key, n]) => `${key}: ${n}`).join(', ')}`;
  }
}

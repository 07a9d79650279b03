/** Who a password hash is for: its lane and the parties it counts against. */
export interface HashTicket {
  /**
   * A check a person has shown a right to before (a device that signed in to the account, a
   * one-time link's holder): served before every other check.
   */
  trusted: boolean;
  /** At most one check per party (`address:…`, `email:…`) waits or runs at a time. */
  parties: readonly string[];
}

/** Returned instead of a result when a check would have waited longer than the bound. */
export const SHED = Symbol('shed');

interface Waiter {
  ticket: HashTicket;
  start: () => void;
}

/**
 * Password hashes, bounded in time as well as in threads (docs/decisions.md, Sign-in under
 * attack). At most `concurrency` run at once; at most `maxWaiting` wait in each lane; one
 * party has at most one check waiting or running. Anything else is shed at once, without
 * hashing: its caller answers 503 with Retry-After, so no check ever waits behind more than
 * `maxWaiting` others, whatever arrives. Trusted checks go first, so a person whose browser
 * has signed in before waits for at most the hashes already running.
 */
export class HashQueue {
  private running = 0;
  private readonly lanes = { trusted: [] as Waiter[], others: [] as Waiter[] };
  private readonly busy = new Set<string>();

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  /** How many checks wait now, trusted and others. */
  get waiting(): number {
    return this.lanes.trusted.length + this.lanes.others.length;
  }

  private admits(ticket: HashTicket): boolean {
    if (ticket.parties.some((party) => this.busy.has(party))) return false;
    const lane = ticket.trusted ? this.lanes.trusted : this.lanes.others;
    return this.running < this.concurrency || lane.length < this.maxWaiting;
  }

  async run<T>(ticket: HashTicket, task: () => Promise<T>): Promise<T | typeof SHED> {
    if (!this.admits(ticket)) return SHED;
    const lane = ticket.trusted ? this.lanes.trusted : this.lanes.others;
    for (const party of ticket.parties) this.busy.add(party);
    try {
      if (this.running >= this.concurrency)
        await new Promise<void>((start) => lane.push({ ticket, start }));
      else this.running += 1;
      return await task();
    } finally {
      for (const party of ticket.parties) this.busy.delete(party);
      this.next();
    }
  }

  /** Hands the slot that just freed to the next waiter, trusted first. */
  private next(): void {
    const waiter = this.lanes.trusted.shift() ?? this.lanes.others.shift();
    if (waiter) waiter.start();
    else this.running -= 1;
  }
}

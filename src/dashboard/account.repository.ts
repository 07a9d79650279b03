import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';
import type { Account } from '../database/generated/prisma/client.js';

/**
 * A burst of sign-ins for one email queues on its lock, each holding a connection briefly:
 * wait longer than Prisma's default of 2 s for one before giving up.
 */
const RESERVATION = { maxWait: 10_000, timeout: 10_000 };

export type AccountRecord = Omit<Account, 'passwordHash'>;

const PUBLIC_FIELDS = {
  id: true,
  email: true,
  isAdmin: true,
  createdAt: true,
  disabledAt: true,
} as const;

/** Accounts, their one-time password links, sessions and failed sign-ins in PostgreSQL. */
@Injectable()
export class AccountRepository {
  constructor(private readonly prisma: PrismaService) {}

  async create(email: string, isAdmin: boolean): Promise<AccountRecord> {
    return await this.prisma.account.create({ data: { email, isAdmin }, select: PUBLIC_FIELDS });
  }

  async count(): Promise<number> {
    return await this.prisma.account.count();
  }

  async list(): Promise<(AccountRecord & { keyCount: number; hasPassword: boolean })[]> {
    const accounts = await this.prisma.account.findMany({
      select: { ...PUBLIC_FIELDS, passwordHash: true, _count: { select: { keys: true } } },
      orderBy: { id: 'asc' },
    });
    return accounts.map(({ passwordHash, _count, ...account }) => ({
      ...account,
      keyCount: _count.keys,
      hasPassword: passwordHash !== null,
    }));
  }

  async find(id: number): Promise<AccountRecord | undefined> {
    return (
      (await this.prisma.account.findUnique({ where: { id }, select: PUBLIC_FIELDS })) ?? undefined
    );
  }

  async findByEmail(email: string): Promise<Account | undefined> {
    return (await this.prisma.account.findUnique({ where: { email } })) ?? undefined;
  }

  /** Disables an account and ends its sessions, in one transaction. */
  async disable(id: number, at: Date): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.account.updateMany({ where: { id, disabledAt: null }, data: { disabledAt: at } }),
      this.prisma.session.deleteMany({ where: { accountId: id } }),
    ]);
  }

  /** Replaces an account's password links with this one. */
  async replaceLink(accountId: number, tokenHash: Uint8Array, expiresAt: Date): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.passwordLink.deleteMany({ where: { accountId } }),
      this.prisma.passwordLink.create({
        data: { accountId, tokenHash: Buffer.from(tokenHash), expiresAt },
      }),
    ]);
  }

  /** The account a live link belongs to. */
  async findByLink(tokenHash: Uint8Array, now: Date): Promise<AccountRecord | undefined> {
    const link = await this.prisma.passwordLink.findUnique({
      where: { tokenHash: Buffer.from(tokenHash) },
      select: { expiresAt: true, account: { select: PUBLIC_FIELDS } },
    });
    return link && link.expiresAt > now ? link.account : undefined;
  }

  /**
   * Sets the password of a live link's account and uses the link up, ending the account's
   * sessions; false when the link was already used, expired or unknown.
   */
  async setPasswordByLink(tokenHash: Uint8Array, passwordHash: string, now: Date) {
    return await this.prisma.$transaction(async (tx) => {
      const where = { tokenHash: Buffer.from(tokenHash) };
      const link = await tx.passwordLink.findUnique({ where });
      if (!link || link.expiresAt <= now) return false;
      // Deleting it first makes the link single-use even when two requests race.
      if ((await tx.passwordLink.deleteMany({ where })).count === 0) return false;
      await tx.account.update({ where: { id: link.accountId }, data: { passwordHash } });
      await tx.passwordLink.deleteMany({ where: { accountId: link.accountId } });
      await tx.session.deleteMany({ where: { accountId: link.accountId } });
      return true;
    });
  }

  async createSession(accountId: number, tokenHash: Uint8Array, expiresAt: Date): Promise<void> {
    await this.prisma.session.create({
      data: { accountId, tokenHash: Buffer.from(tokenHash), expiresAt },
    });
  }

  /** The account of a live session of an enabled account. */
  async findSession(tokenHash: Uint8Array, now: Date): Promise<AccountRecord | undefined> {
    const session = await this.prisma.session.findUnique({
      where: { tokenHash: Buffer.from(tokenHash) },
      select: { expiresAt: true, account: { select: PUBLIC_FIELDS } },
    });
    if (!session || session.expiresAt <= now || session.account.disabledAt) return undefined;
    return session.account;
  }

  async deleteSession(tokenHash: Uint8Array): Promise<void> {
    await this.prisma.session.deleteMany({ where: { tokenHash: Buffer.from(tokenHash) } });
  }

  /**
   * Reserves a sign-in attempt for each subject, unless one already has its limit of failures
   * since `since`: under a transaction-long lock per subject, so concurrent attempts queue and
   * each counts those before it. A reserved attempt counts as a failure until it is released
   * (the password was right). Undefined when a limit is reached.
   */
  async reserveAttempts(
    subjects: readonly { subject: string; limit: number }[],
    since: Date,
  ): Promise<bigint[] | undefined> {
    const locked = [...subjects].sort((a, b) => a.subject.localeCompare(b.subject));
    return await this.prisma.$transaction(async (tx) => {
      for (const { subject } of locked)
        await tx.$queryRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtextextended(${subject}, 0))`;
      for (const { subject, limit } of subjects) {
        const failures = await tx.signInFailure.count({
          where: { subject, failedAt: { gt: since } },
        });
        if (failures >= limit) return undefined;
      }
      const rows = await tx.signInFailure.createManyAndReturn({
        data: subjects.map(({ subject }) => ({ subject })),
        select: { id: true },
      });
      return rows.map((row) => row.id);
    }, RESERVATION);
  }

  /** Takes back reserved attempts that did not fail. */
  async releaseAttempts(ids: readonly bigint[]): Promise<void> {
    await this.prisma.signInFailure.deleteMany({ where: { id: { in: [...ids] } } });
  }

  async clearFailures(subject: string): Promise<void> {
    await this.prisma.signInFailure.deleteMany({ where: { subject } });
  }

  /** Forgets what no rule reads any more: old failures, ended sessions and links. */
  async sweep(failuresBefore: Date, now: Date): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.signInFailure.deleteMany({ where: { failedAt: { lt: failuresBefore } } }),
      this.prisma.session.deleteMany({ where: { expiresAt: { lt: now } } }),
      this.prisma.passwordLink.deleteMany({ where: { expiresAt: { lt: now } } }),
    ]);
  }
}

import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { errorName } from '../common/error-name.js';
import { AppConfig } from '../config/app-config.js';
import { AccountRepository, type AccountRecord } from './account.repository.js';
import { AccountsService } from './accounts.service.js';
import { deviceProof, inHashQueue, provesDevice, SHED } from './passwords.js';
import { newToken, tokenHash } from './secret-token.js';

/** A session lasts this long from sign-in (sign-out ends it sooner). */
export const SESSION_TTL_MS = 12 * 3_600_000;
/** Failed sign-ins allowed per account, and per client address, in THROTTLE_WINDOW_MS. */
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;
export const THROTTLE_WINDOW_MS = 15 * 60_000;
const SWEEP_MS = 10 * 60_000;
/** A sign-in shed by the hash queue is asked to come back this soon: the queue drains in well under it. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

export type SignIn =
  | { outcome: 'signed-in'; token: string; account: AccountRecord; device: string }
  | { outcome: 'wrong' | 'disabled' }
  | { outcome: 'throttled' | 'busy'; retryAfterSeconds: number };

/** Signing in and out, and the sessions behind the dashboard's cookie. */
@Injectable()
export class SessionsService implements OnModuleDestroy {
  private readonly logger = new Logger('Sessions');
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly accounts: AccountRepository,
    private readonly config: AppConfig,
  ) {
    const sweep = () =>
      this.sweep().catch((error: unknown) =>
        this.logger.warn(`Could not sweep expired sessions (${errorName(error)})`),
      );
    this.sweeper = setInterval(() => void sweep(), SWEEP_MS).unref();
  }

  /**
   * Reserves the attempt before the password is checked, so a throttled guess learns nothing
   * and no burst gets more passwords checked than the limits allow; failures count against the
   * email (whether or not it has an account) and the client's address. The check itself waits
   * in the bounded hash queue (hash-queue.ts), in the trusted lane when `device` proves that
   * this browser signed in to the account before; a check the queue sheds is no failure.
   */
  async signIn(
    emailText: string,
    password: string,
    address: string,
    device?: string,
    now = new Date(),
  ): Promise<SignIn> {
    const email = AccountsService.normaliseEmail(emailText) ?? emailText.trim().toLowerCase();
    const account = email ? await this.accounts.findByEmail(email) : undefined;
    // One check per account and per address at a time; a trusted one is not held up by others
    // sharing its address (an office behind one NAT, an attacker beside it).
    const trusted = provesDevice(device, account);
    const parties = trusted ? [`email:${email}`] : [`email:${email}`, `address:${address}`];
    const ticket = { trusted, parties };
    const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
    const memoryMib = this.config.passwordHashMemoryMib;
    const checked = await inHashQueue(ticket, memoryMib, async (verify) => {
      const reserved = await this.accounts.reserveAttempts(
        [
          { subject: `email:${email}`, limit: ACCOUNT_FAILURE_LIMIT },
          { subject: `address:${address}`, limit: ADDRESS_FAILURE_LIMIT },
        ],
        since,
      );
      if (!reserved) return undefined;
      const right = await verify(account?.passwordHash ?? null, password);
      return { reserved, right };
    });
    if (checked === SHED) return { outcome: 'busy', retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS };
    if (!checked) return { outcome: 'throttled', retryAfterSeconds: THROTTLE_WINDOW_MS / 1000 };
    const { reserved, right } = checked;
    if (!right || !account?.passwordHash) return { outcome: 'wrong' }; // reserved: failures
    await this.accounts.releaseAttempts(reserved);
    if (account.disabledAt) return { outcome: 'disabled' };
    await this.accounts.clearFailures(`email:${email}`);
    const token = newToken();
    await this.accounts.createSession(
      account.id,
      tokenHash(token),
      new Date(now.getTime() + SESSION_TTL_MS),
    );
    const { passwordHash, ...record } = account;
    return {
      outcome: 'signed-in',
      token,
      account: record,
      device: deviceProof({ id: account.id, passwordHash }),
    };
  }

  /** The account signed in with this session token, if the session is live. */
  async resolve(token: string): Promise<AccountRecord | undefined> {
    return await this.accounts.findSession(tokenHash(token), new Date());
  }

  /** Ends the session server-side: its cookie is worthless from now on. */
  async signOut(token: string): Promise<void> {
    await this.accounts.deleteSession(tokenHash(token));
  }

  private async sweep(): Promise<void> {
    const now = new Date();
    await this.accounts.sweep(new Date(now.getTime() - THROTTLE_WINDOW_MS), now);
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }
}

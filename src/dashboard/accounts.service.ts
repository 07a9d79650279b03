import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { ApiKeysService } from '../auth/api-keys.service.js';
import { AppConfig } from '../config/app-config.js';
import { AccountRepository, type AccountRecord } from './account.repository.js';
import { deviceProof, hashPassword } from './passwords.js';
import { newToken, tokenHash } from './secret-token.js';

/** How long a one-time password link stays valid. */
export const LINK_TTL_MS = 24 * 3_600_000;

export class AccountError extends Error {}

// The HTML form's own rule (type="email"): it accepts single-label hosts such as admin@localhost.
const email = z.email({ pattern: z.regexes.html5Email }).max(254);

/** Creating, listing and disabling accounts, and their one-time password links. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly keys: ApiKeysService,
    private readonly config: AppConfig,
  ) {}

  static normaliseEmail(text: string): string | undefined {
    const normalised = text.trim().toLowerCase();
    return email.safeParse(normalised).success ? normalised : undefined;
  }

  /** A new account and the link where its person sets a password. */
  async create(
    address: string,
    isAdmin: boolean,
  ): Promise<{ account: AccountRecord; link: string }> {
    const normalised = AccountsService.normaliseEmail(address);
    if (!normalised) throw new AccountError(`"${address}" is not an email address`);
    if (await this.accounts.findByEmail(normalised))
      throw new AccountError(`an account with the email ${normalised} already exists`);
    const account = await this.accounts.create(normalised, isAdmin);
    return { account, link: await this.issueLink(account.id) };
  }

  /** A new one-time link for an account (any older link stops working). */
  async issueLink(accountId: number, now = new Date()): Promise<string> {
    const token = newToken();
    await this.accounts.replaceLink(
      accountId,
      tokenHash(token),
      new Date(now.getTime() + LINK_TTL_MS),
    );
    return `${this.config.publicBaseUrl}/dashboard/set-password/${token}`;
  }

  async list() {
    return await this.accounts.list();
  }

  async count(): Promise<number> {
    return await this.accounts.count();
  }

  async find(id: number): Promise<AccountRecord | undefined> {
    return await this.accounts.find(id);
  }

  /** Disables an account: its sessions end and its keys are revoked. */
  async disable(id: number): Promise<{ account: AccountRecord; revokedKeys: number }> {
    const account = await this.accounts.find(id);
    if (!account) throw new AccountError(`no account with id ${id}`);
    const now = new Date();
    await this.accounts.disable(id, now);
    const revokedKeys = await this.keys.revokeAllOf(id, now);
    return { account: { ...account, disabledAt: account.disabledAt ?? now }, revokedKeys };
  }

  /** The account a live link belongs to. */
  async linkAccount(token: string): Promise<AccountRecord | undefined> {
    return await this.accounts.findByLink(tokenHash(token), new Date());
  }

  /**
   * Sets the password from a live link and uses the link up. Returns the device proof of the
   * new password (passwords.ts), or undefined if the link is not live.
   */
  async setPassword(token: string, password: string): Promise<string | undefined> {
    const account = await this.linkAccount(token);
    if (!account) return undefined;
    const passwordHash = await hashPassword(password, this.config.passwordHashMemoryMib);
    const set = await this.accounts.setPasswordByLink(tokenHash(token), passwordHash, new Date());
    return set ? deviceProof({ id: account.id, passwordHash }) : undefined;
  }
}

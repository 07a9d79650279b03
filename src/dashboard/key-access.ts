import { NotFoundException } from '@nestjs/common';
import type { ApiKeysService } from '../auth/api-keys.service.js';
import type { AccountRecord } from './account.repository.js';

const KEY_ID = /^[0-9A-Za-z]{12}$/;

export type DashboardKey = NonNullable<Awaited<ReturnType<ApiKeysService['find']>>>;

/**
 * A key the account may see: admins see every key, members only their own. Anything else
 * is 404, exactly as if it did not exist, so ids of other people's keys reveal nothing.
 */
export async function visibleKey(
  keys: ApiKeysService,
  account: AccountRecord,
  id: string,
): Promise<DashboardKey> {
  const key = KEY_ID.test(id) ? await keys.find(id) : undefined;
  if (!key || (!account.isAdmin && key.accountId !== account.id)) throw new NotFoundException();
  return key;
}

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * Debian's Chromium for the browser tests: installed with apt-get when missing and running
 * as root; otherwise the error says the exact command to run (as global-setup does for
 * redis-server). CHROMIUM_PATH points at another build.
 */
export function chromiumBinary(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return configured;
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  const command = 'apt-get update && apt-get install -y chromium';
  if (os.userInfo().uid !== 0) {
    throw new Error(`chromium is not installed. Install it with: sudo sh -c '${command}'`);
  }
  const install = spawnSync('sh', ['-c', `${command} >/dev/null`], { stdio: 'inherit' });
  if (install.status !== 0) throw new Error(`Installing chromium failed: ${command}`);
  const installed = CANDIDATES.find((path) => existsSync(path));
  if (!installed) throw new Error(`chromium is still missing after: ${command}`);
  return installed;
}

import type { INestApplication } from '@nestjs/common';
import { FirstKeyIssuer } from './auth/first-key.issuer.js';
import { FIRST_ADMIN_EMAIL, FirstAdminIssuer } from './dashboard/first-admin.issuer.js';

/**
 * The one block a person reads when the service starts: where it listens, where the
 * reference and the dashboard are. On the embedded default's first start there are also
 * secrets: the first key, the admin's set-password link and a lookup to paste. They are
 * never part of a log line (first-start-secrets.ts says where they go).
 */
export function startupBanner(url: string, secretsFile?: string): string {
  const lines = [
    `Product Intelligence listening on ${url}`,
    `  Reference  ${url}/v1/reference`,
    `  Dashboard  ${url}/dashboard`,
  ];
  if (secretsFile) {
    lines.push(
      `  First API key and dashboard admin link: in ${secretsFile} (only this user can read it; delete it once read)`,
    );
  }
  return lines.join('\n');
}

/** The first start's secrets, as lines for a person; undefined on any later start. */
export function firstStartSecrets(app: INestApplication, url: string): string | undefined {
  const key = app.get(FirstKeyIssuer).issued;
  const link = app.get(FirstAdminIssuer).issuedLink;
  const lines: string[] = [];
  if (link) {
    lines.push(
      `  Dashboard admin ${FIRST_ADMIN_EMAIL}: set your password at ${link} (valid 24 hours, shown once)`,
    );
  }
  if (key) {
    lines.push(
      `  Your first API key (shown once; store it now): ${key}`,
      '  Try it:',
      `    export PI_API_KEY=${key}`,
      `    curl -G ${url}/v1/product-intelligence --data-urlencode "product_name=Sony WH-1000XM5" -H "Authorization: Bearer $PI_API_KEY"`,
    );
  }
  return lines.length > 0 ? lines.join('\n') : undefined;
}

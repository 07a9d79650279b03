import type { INestApplication } from '@nestjs/common';
import { FirstKeyIssuer } from './auth/first-key.issuer.js';
import { FIRST_ADMIN_EMAIL, FirstAdminIssuer } from './dashboard/first-admin.issuer.js';

/**
 * The one block a person reads when the service starts: where it listens, where the
 * reference and the dashboard are, and on the embedded default's first start the first key,
 * the admin's set-password link and a lookup to paste.
 */
export function startupBanner(app: INestApplication, url: string): string {
  const key = app.get(FirstKeyIssuer).issued;
  const link = app.get(FirstAdminIssuer).issuedLink;
  const lines = [
    `Product Intelligence listening on ${url}`,
    `  Reference  ${url}/v1/reference`,
    `  Dashboard  ${url}/dashboard`,
  ];
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
  return lines.join('\n');
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './project-root.js';

/**
 * The service's one version number, package.json's: the OpenAPI document, the reference page
 * and the MCP server state this, so a release changes it in one place.
 */
export const PACKAGE_VERSION = (
  JSON.parse(readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../config/project-root.js';
import { NO_CONTROL_CHARACTERS } from '../lookup/lookup-request.schema.js';
import { TOOLS } from './mcp-tools.js';

// docs/mcp.md is copied into clients' configuration files: it must parse and name what the
// server really offers.

const doc = readFileSync(path.join(projectRoot(), 'docs', 'mcp.md'), 'utf8');
const blocks = (lang: string) =>
  [...doc.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);

describe('docs/mcp.md', () => {
  it('gives configuration blocks that are valid JSON, each sending the bearer key', () => {
    const configs = blocks('json');
    expect(configs).toHaveLength(3); // VS Code, Cursor, Claude Desktop
    for (const config of configs) expect(JSON.stringify(JSON.parse(config))).toMatch(/Bearer /);
    expect(blocks('sh').join('\n')).toContain(
      'claude mcp add --transport http product-intelligence',
    );
  });

  it('names both tools, every argument and the name pattern the schemas carry', () => {
    for (const tool of TOOLS) {
      expect(doc).toContain(`\`${tool.name}\``);
      for (const argument of Object.keys(tool.inputSchema.properties ?? {}))
        expect(doc).toContain(`\`${argument}\``);
    }
    expect(doc).toContain(`\`${NO_CONTROL_CHARACTERS.source}\``);
  });
});

import { createHash } from 'node:crypto';
import type { CodeSample } from './code-samples.js';
import {
  codeBlock,
  escape,
  fieldsTable,
  heading,
  inline,
  prose,
  schemaAnchor,
  schemaSection,
  str,
  typeOf,
  type Json,
} from './reference-html.js';

// The reference page for people, rendered once from the OpenAPI document on the server: plain
// HTML and CSS, no script, nothing from another origin (docs/reference.md says why this beats
// a client-side renderer here).

type Schemas = Record<string, Json>;
type Operation = { path: string; method: string; op: Json };

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b1f24}
.layout{display:grid;grid-template-columns:16rem minmax(0,1fr);max-width:80rem;margin:0 auto}
nav{position:sticky;top:0;align-self:start;max-height:100vh;overflow:auto;padding:1.5rem 1rem;border-right:1px solid #d0d7de;font-size:.9rem}
nav ul{list-style:none;padding:0;margin:.25rem 0 1rem}nav li{margin:.2rem 0}nav a{color:#0b5cad;text-decoration:none}
main{padding:1rem 2rem;min-width:0}
@media (max-width:50rem){.layout{display:block}nav{position:static;max-height:none;border-right:0;border-bottom:1px solid #d0d7de}main{padding:1rem}}
code,pre{font-family:ui-monospace,monospace;background:#f3f4f6;border-radius:4px}code{padding:0 .25rem}pre{padding:1rem;overflow:auto}pre code{padding:0}
.table{overflow-x:auto}table{border-collapse:collapse;width:100%;margin:.5rem 0}td,th{border:1px solid #d0d7de;padding:.35rem .5rem;text-align:left;vertical-align:top}
.method{background:#0b5cad;color:#fff;padding:.1rem .4rem;border-radius:4px;font-size:.85em}
.anchor{color:#8c959f;text-decoration:none;font-weight:normal}h2 .anchor,h3 .anchor{visibility:hidden}h2:hover .anchor,h3:hover .anchor,.anchor:focus{visibility:visible}
figure{margin:.75rem 0}figcaption{font-weight:600;font-size:.9rem}article,section{margin:1.5rem 0}article{border-top:1px solid #d0d7de;padding-top:.5rem}`;

/**
 * The page's Content-Security-Policy: nothing may load, run or submit; only the page's own
 * style element applies, named by its hash rather than allowing any inline style.
 */
export const REFERENCE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const resolve = (schemas: Schemas, schema: Json): Json =>
  typeof schema.$ref === 'string' ? (schemas[schema.$ref.split('/').at(-1)!] ?? {}) : schema;

function parametersOf(op: Json): string {
  const rows = ((op.parameters ?? []) as Json[])
    .map(
      (p) =>
        `<tr><td><code>${escape(str(p.name))}</code> (${escape(str(p.in))}${p.required ? ', required' : ''})</td><td>${typeOf(p.schema as Json)}</td><td>${inline(str(p.description))}${p.example === undefined ? '' : ` Example: <code>${escape(str(p.example))}</code>`}</td></tr>`,
    )
    .join('');
  return rows
    ? `<h4>Parameters</h4><div class="table"><table><tr><th>Parameter</th><th>Type</th><th>Notes</th></tr>${rows}</table></div>`
    : '';
}

function requestBodyOf(op: Json, schemas: Schemas): string {
  const body = op.requestBody as Json | undefined;
  if (!body) return '';
  const media = Object.entries((body.content ?? {}) as Record<string, Json>).map(
    ([type, { schema, example }]) =>
      `<p><code>${escape(type)}</code>${body.required ? ', required' : ''}: ${typeOf(schema as Json)}. ${inline(str(resolve(schemas, schema as Json).description))}</p>${fieldsTable(resolve(schemas, schema as Json))}${example === undefined ? '' : `<figure><figcaption>Example body</figcaption>${codeBlock(JSON.stringify(example, null, 2))}</figure>`}`,
  );
  return `<h4>Request body</h4>${media.join('')}`;
}

function responsesOf(op: Json): string {
  const rows = Object.entries((op.responses ?? {}) as Record<string, Json>)
    .map(([status, r]) => {
      const content = Object.entries((r.content ?? {}) as Record<string, Json>)
        .map(([type, c]) => `${typeOf(c.schema as Json)} <small>${escape(type)}</small>`)
        .join('<br>');
      const headers = Object.keys((r.headers ?? {}) as Json)
        .map((h) => `<code>${escape(h)}</code>`)
        .join(', ');
      return `<tr><td><strong>${escape(status)}</strong></td><td>${inline(str(r.description))}</td><td>${content}</td><td>${headers}</td></tr>`;
    })
    .join('');
  return `<h4>Responses</h4><div class="table"><table><tr><th>Status</th><th>Meaning</th><th>Body</th><th>Headers</th></tr>${rows}</table></div>`;
}

function samplesOf(op: Json): string {
  const samples = (op['x-codeSamples'] ?? []) as CodeSample[];
  if (samples.length === 0) return '';
  const figures = samples.map(
    (s) =>
      `<figure><figcaption>${escape(s.label)} <small>(${escape(s.lang)})</small></figcaption>${codeBlock(s.source)}</figure>`,
  );
  return `<h4>Samples</h4><p>Set <code>PI_API_KEY</code> to your API key first.</p>${figures.join('')}`;
}

function examplesOf(op: Json): string {
  const ok = ((op.responses as Record<string, Json>)['200']?.content ?? {}) as Record<string, Json>;
  const media = ok['application/json'];
  const examples: [string, unknown][] = media?.examples
    ? Object.values(media.examples as Record<string, Json>).map((e) => [str(e.summary), e.value])
    : media?.example === undefined
      ? []
      : [['Example answer', media.example]];
  return examples
    .map(
      ([summary, value]) =>
        `<details><summary>${escape(summary)}</summary>${codeBlock(JSON.stringify(value, null, 2))}</details>`,
    )
    .join('');
}

function operationSection({ path, method, op }: Operation, schemas: Schemas): string {
  const id = str(op.operationId) || `${method}-${path}`;
  const open = Array.isArray(op.security) && op.security.length === 0;
  const title = `<span class="method">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code>`;
  return `<article>${heading(3, id, title)}<p>${inline(str(op.summary))}${open ? ' <small>(no API key)</small>' : ''}</p>${parametersOf(op)}${requestBodyOf(op, schemas)}${responsesOf(op)}${samplesOf(op)}${examplesOf(op)}</article>`;
}

function navigation(operations: Operation[], schemas: Schemas): string {
  const ops = operations
    .map(
      ({ path, method, op }) =>
        `<li><a href="#${escape(str(op.operationId))}">${escape(method.toUpperCase())} ${escape(path)}</a></li>`,
    )
    .join('');
  const types = Object.keys(schemas)
    .map((n) => `<li><a href="#${escape(schemaAnchor(n))}">${escape(n)}</a></li>`)
    .join('');
  return `<nav aria-label="Contents"><a href="#overview"><strong>Overview</strong></a><p><a href="#operations"><strong>Operations</strong></a></p><ul>${ops}</ul><p><a href="#schemas"><strong>Schemas</strong></a></p><ul>${types}</ul></nav>`;
}

export function referencePage(document: Json): string {
  const info = document.info as Json;
  const schemas = (document.components as Json).schemas as Schemas;
  const operations = Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(
    ([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );
  const title = `${escape(str(info.title))} ${escape(str(info.version))}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${STYLE}</style></head>
<body><div class="layout">${navigation(operations, schemas)}<main>
<h1 id="overview">${escape(str(info.title))} <small>${escape(str(info.version))}</small></h1>${prose(str(info.description))}
<p>The machine-readable document: <a href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI 3.1).</p>
${heading(2, 'operations', 'Operations')}${operations.map((o) => operationSection(o, schemas)).join('')}
${heading(2, 'schemas', 'Schemas')}${Object.entries(schemas)
    .map(([name, schema]) => schemaSection(name, schema))
    .join('')}</main></div></body></html>`;
}

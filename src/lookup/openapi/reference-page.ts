// A readable reference page rendered from the OpenAPI document: no script, no CDN.

type Json = Record<string, unknown>;

/** A document value as text: strings and numbers as they are, anything else as nothing. */
const str = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : '';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
const inline = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

function prose(text: string): string {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const items = lines
    .filter((l) => l.startsWith('- '))
    .map((l) => `<li>${inline(l.slice(2))}</li>`);
  const paragraphs = lines.filter((l) => !l.startsWith('- ')).map((l) => `<p>${inline(l)}</p>`);
  return paragraphs.join('') + (items.length ? `<ul>${items.join('')}</ul>` : '');
}

function typeOf(schema: Json): string {
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').at(-1)!;
  if (schema.type === 'array') return `array of ${typeOf((schema.items ?? {}) as Json)}`;
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(typeOf).join(' or ');
  if (Array.isArray(schema.oneOf)) return (schema.oneOf as Json[]).map(typeOf).join(' or ');
  const range = [
    schema.minimum !== undefined ? `≥ ${str(schema.minimum)}` : '',
    schema.maximum !== undefined ? `≤ ${str(schema.maximum)}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `${str(schema.type) || 'any'}${range ? ` (${range})` : ''}`;
}

function schemaTable(name: string, schema: Json): string {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const rows = Object.entries(properties)
    .map(
      ([field, s]) =>
        `<tr><td><code>${escape(field)}</code>${required.has(field) ? '' : ' <small>optional</small>'}</td><td>${escape(typeOf(s))}</td><td>${inline(str(s.description))}</td></tr>`,
    )
    .join('');
  const about = schema.description ? `<p>${inline(str(schema.description))}</p>` : '';
  const body = rows
    ? `<table><tr><th>Field</th><th>Type</th><th>Notes</th></tr>${rows}</table>`
    : `<p>${escape(typeOf(schema))}</p>`;
  return `<section id="${escape(name)}"><h3>${escape(name)}</h3>${about}${body}</section>`;
}

function operation(path: string, method: string, op: Json): string {
  const params = ((op.parameters ?? []) as Json[])
    .map(
      (p) =>
        `<tr><td><code>${escape(String(p.name))}</code> (${escape(String(p.in))}${p.required ? ', required' : ''})</td><td>${escape(typeOf(p.schema as Json))}</td><td>${inline(str(p.description))}</td></tr>`,
    )
    .join('');
  const responses = Object.entries((op.responses ?? {}) as Record<string, Json>)
    .map(
      ([status, r]) => `<li><strong>${escape(status)}</strong>: ${inline(str(r.description))}</li>`,
    )
    .join('');
  const examples = exampleOf(op);
  return `<article><h3><span class="method">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3><p>${inline(str(op.summary))}</p>${params ? `<table><tr><th>Parameter</th><th>Type</th><th>Notes</th></tr>${params}</table>` : ''}<ul>${responses}</ul>${examples}</article>`;
}

function exampleOf(op: Json): string {
  const ok = (
    (op.responses as Record<string, Json>)['200']?.content as Record<string, Json> | undefined
  )?.['application/json'];
  const value =
    ok?.example ?? Object.values((ok?.examples ?? {}) as Record<string, Json>)[0]?.value;
  return value
    ? `<details><summary>Example answer</summary><pre>${escape(JSON.stringify(value, null, 2))}</pre></details>`
    : '';
}

export function referencePage(document: Json): string {
  const info = document.info as Json;
  const paths = document.paths as Record<string, Record<string, Json>>;
  const schemas = (document.components as Json).schemas as Record<string, Json>;
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([m, op]) => operation(path, m, op)),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(String(info.title))} ${escape(String(info.version))}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}code,pre{font-family:ui-monospace,monospace;background:#f3f4f6;border-radius:4px}code{padding:0 .25rem}pre{padding:1rem;overflow:auto}table{border-collapse:collapse;width:100%;margin:.5rem 0}td,th{border:1px solid #d0d7de;padding:.35rem .5rem;text-align:left;vertical-align:top}.method{background:#0b5cad;color:#fff;padding:.1rem .4rem;border-radius:4px;font-size:.85em}article,section{margin:1.5rem 0}</style></head>
<body><h1>${escape(String(info.title))} <small>${escape(String(info.version))}</small></h1>${prose(String(info.description))}
<p>The machine-readable document: <a href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI 3.1).</p>
<h2>Operations</h2>${operations.join('')}<h2>Schemas</h2>${Object.entries(schemas)
    .map(([n, s]) => schemaTable(n, s))
    .join('')}</body></html>`;
}

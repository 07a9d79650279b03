// HTML pieces of the reference page: escaping, the document's Markdown-ish prose, and
// schemas as tables whose types link to the schemas they name.

export type Json = Record<string, unknown>;

/** A document value as text: strings and numbers as they are, anything else as nothing. */
export const str = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : '';

export const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const inline = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/** The anchor of a component schema; operations use their operationId. */
export const schemaAnchor = (name: string) => `schema-${name}`;

/** A heading that links to itself, so every part of the page has a URL to share. */
export const heading = (level: number, id: string, html: string) =>
  `<h${level} id="${escape(id)}">${html} <a class="anchor" href="#${escape(id)}" aria-label="Link to this part">#</a></h${level}>`;

export const codeBlock = (text: string) => `<pre><code>${escape(text)}</code></pre>`;

export function prose(text: string): string {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const items = lines
    .filter((l) => l.startsWith('- '))
    .map((l) => `<li>${inline(l.slice(2))}</li>`);
  const paragraphs = lines.filter((l) => !l.startsWith('- ')).map((l) => `<p>${inline(l)}</p>`);
  return paragraphs.join('') + (items.length ? `<ul>${items.join('')}</ul>` : '');
}

/** A schema's type in a few words, with the schemas it refers to as links. */
export function typeOf(schema: Json): string {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').at(-1)!;
    return `<a href="#${escape(schemaAnchor(name))}">${escape(name)}</a>`;
  }
  if (schema.type === 'array') {
    const count =
      schema.minItems === undefined ? '' : ` (${str(schema.minItems)} to ${str(schema.maxItems)})`;
    return `array${escape(count)} of ${typeOf((schema.items ?? {}) as Json)}`;
  }
  if (Array.isArray(schema.enum))
    return escape(schema.enum.map((v) => JSON.stringify(v)).join(' | '));
  if ('const' in schema) return escape(JSON.stringify(schema.const));
  for (const union of [schema.anyOf, schema.oneOf]) {
    if (Array.isArray(union)) return (union as Json[]).map(typeOf).join(' or ');
  }
  const range = [
    schema.minimum !== undefined ? `≥ ${str(schema.minimum)}` : '',
    schema.exclusiveMinimum !== undefined ? `> ${str(schema.exclusiveMinimum)}` : '',
    schema.maximum !== undefined ? `≤ ${str(schema.maximum)}` : '',
    schema.maxLength !== undefined ? `up to ${str(schema.maxLength)} characters` : '',
  ].filter(Boolean);
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : str(schema.type) || 'any';
  return escape(`${type}${range.length ? ` (${range.join(', ')})` : ''}`);
}

/** An object schema's fields as a table; any other schema as its type. */
export function fieldsTable(schema: Json): string {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const rows = Object.entries(properties)
    .map(
      ([field, s]) =>
        `<tr><td><code>${escape(field)}</code>${required.has(field) ? '' : ' <small>optional</small>'}</td><td>${typeOf(s)}</td><td>${inline(str(s.description))}</td></tr>`,
    )
    .join('');
  return rows
    ? `<div class="table"><table><tr><th>Field</th><th>Type</th><th>Notes</th></tr>${rows}</table></div>`
    : `<p>${typeOf(schema)}</p>`;
}

export function schemaSection(name: string, schema: Json): string {
  const about = schema.description ? `<p>${inline(str(schema.description))}</p>` : '';
  return `<section>${heading(3, schemaAnchor(name), escape(name))}${about}${fieldsTable(schema)}</section>`;
}

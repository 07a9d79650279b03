import { html, type Html, type HtmlValue } from './html.js';

/** A column's header, also the label of its cells when rows stack on a phone, and its class. */
export type Column = readonly [label: string, cls: '' | 'num'];

/** A record's cells, one per column, and its actions if the table has any. */
export interface RecordRow {
  cells: HtmlValue[];
  actions?: HtmlValue;
}

/**
 * A table of records, one per row, that becomes one labelled card per row on a phone
 * (`table.stack` in assets.ts). A cell of several elements is wrapped in one: on a phone each
 * cell is a grid of its label and its content.
 */
export function recordTable(columns: readonly Column[], rows: RecordRow[], cls = ''): Html {
  const actions = rows.some((row) => row.actions !== undefined);
  return html`<div class="table-wrap">
    <table class="stack ${cls}">
      <thead>
        <tr>
          ${columns.map(([label, cls]) => html`<th scope="col" class="${cls}">${label}</th>`)}
          ${actions && html`<th scope="col"><span class="sr-only">Actions</span></th>`}
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (row) =>
            html`<tr>
              ${row.cells.map(
                (cell, i) =>
                  html`<td class="${columns[i]![1]}" data-label="${columns[i]![0]}">${cell}</td>`,
              )}
              ${
                actions &&
                html`<td class="actions-cell"><div class="actions">${row.actions}</div></td>`
              }
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

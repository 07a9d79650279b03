import { describe, expect, it } from '@jest/globals';
import { html } from './html.js';

describe('html', () => {
  it('escapes interpolated text but not nested Html, and drops empty values', () => {
    const name = `<script>alert("x")</script>&'`;
    const cell = '<td>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;</td>';
    const row = html`<td>${name}</td>`;
    expect(row.text).toBe(cell);
    const table = html`<tr>
      ${row}${[row, null]}${false}${undefined}${3}
    </tr>`.text;
    expect(table.replace(/\s+/g, '')).toBe(`<tr>${cell}${cell}3</tr>`.replace(/\s+/g, ''));
  });
});

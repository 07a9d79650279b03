import { describe, expect, it } from '@jest/globals';
import { html } from './html.js';

describe('html', () => {
  it('escapes interpolated text but not nested Html, and drops empty values', () => {
    const name = `<script>alert("x")</script>&'`;
    const row = html`<td>${name}</td>`;
    expect(
      html`<tr>
        ${row}${[row, null]}${false}${undefined}${3}
      </tr>`.text,
    ).toBe(
      '<tr><td>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;</td>'.repeat(1) +
        '<td>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;</td>3</tr>',
    );
  });
});

import { html } from './html.js';
import { page } from './layout.view.js';

/** The page at `/`: what the service is, in one line, and where to go from here. */
export function landingPage(): string {
  return page({
    title: 'Welcome',
    narrow: true,
    body: html`<div class="card">
      <h1>Product Intelligence</h1>
      <p class="lead">
        A read-only API that turns a product name into a scored assessment, highlights and purchase
        offers from a published catalog, over HTTP/JSON and MCP.
      </p>
      <p>Create an API key in the dashboard, then read the reference for the first call.</p>
      <div class="links">
        <a class="button" href="/dashboard">Dashboard</a>
        <a class="button secondary" href="/v1/reference">API reference</a>
      </div>
    </div>`,
  });
}

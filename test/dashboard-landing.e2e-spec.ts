import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { FAVICON_ICO } from '../src/dashboard/favicon.js';
import { LandingController } from '../src/dashboard/landing.controller.js';
import { dashboardApp } from './support/dashboard-app.js';

// The service's root page and icons, and what stays as it was for API clients.
describe(LandingController.name, () => {
  const t = dashboardApp();

  it('answers / with a small page linking to the dashboard and the reference', async () => {
    const res = await request(t.http).get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<h1>Product Intelligence</h1>');
    expect(res.text).toContain('href="/dashboard"');
    expect(res.text).toContain('href="/v1/reference"');
    expect(res.text).toMatch(/read-only API/);
    // The dashboard's strict headers, not the API's defaults.
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await request(t.http).head('/')).status).toBe(200);
  });

  it('serves the icon as SVG and as ICO, without a key', async () => {
    const svg = await request(t.http).get('/favicon.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['cache-control']).toBe('public, max-age=86400');
    expect(svg.text ?? String(svg.body)).toContain('<svg');

    const ico = await request(t.http).get('/favicon.ico').buffer(true);
    expect(ico.status).toBe(200);
    expect(ico.headers['content-type']).toBe('image/x-icon');
    const body = ico.body as Buffer;
    expect(body.equals(FAVICON_ICO)).toBe(true);
    // An ICO header (reserved 0, type 1) and three images, each a PNG.
    expect([body.readUInt16LE(0), body.readUInt16LE(2), body.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const firstImage = body.readUInt32LE(6 + 12);
    expect(body.subarray(firstImage + 1, firstImage + 4).toString()).toBe('PNG');
  });

  it('keeps every other unknown path a problem+json 404, and the pages point at the icons', async () => {
    for (const path of ['/index.html', '/favicon.png', '/v1', '/nothing/here']) {
      const res = await request(t.http).get(path);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      // The landing page's headers stop at `/`.
      expect(res.headers['content-security-policy']).not.toContain("default-src 'none'");
    }
    // The landing page is there, for GET: a POST is told so (405), not that nothing is.
    const post = await request(t.http).post('/').send({});
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(post.headers['content-type']).toMatch(/^application\/problem\+json/);
    for (const path of ['/', '/dashboard/sign-in']) {
      const page = await request(t.http).get(path);
      expect(page.text).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
      expect(page.text).toContain('<link rel="icon" href="/favicon.ico"');
    }
  });
});

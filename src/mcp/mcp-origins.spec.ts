import { describe, expect, it } from '@jest/globals';
import { foreignRequest, originPolicy } from './mcp-origins.js';

describe(foreignRequest.name, () => {
  const publicSite = originPolicy(['https://api.example.com']);
  const local = originPolicy(['http://localhost:8080']);

  it('answers requests to the public host, from no page or an allowed one', () => {
    expect(foreignRequest(publicSite, 'api.example.com', undefined)).toBeUndefined();
    expect(foreignRequest(publicSite, 'API.example.com:443', 'https://api.example.com')).toBe(
      undefined,
    );
  });

  it('refuses a rebound host name and a foreign page', () => {
    expect(foreignRequest(publicSite, 'evil.example.com', undefined)).toMatch(/Host header/);
    expect(foreignRequest(publicSite, undefined, undefined)).toMatch(/Host header \(none\)/);
    expect(foreignRequest(publicSite, 'api.example.com', 'http://evil.example.com')).toMatch(
      /Pages from http:\/\/evil\.example\.com/,
    );
    expect(foreignRequest(publicSite, 'api.example.com', 'http://api.example.com')).toBeDefined();
    expect(foreignRequest(publicSite, 'api.example.com', 'null')).toBeDefined();
  });

  it('takes every loopback name for a local service, at any port', () => {
    expect(foreignRequest(local, '127.0.0.1:3000', 'http://localhost:5173')).toBeUndefined();
    expect(foreignRequest(local, '[::1]:8080', undefined)).toBeUndefined();
    expect(foreignRequest(local, 'evil.example.com:8080', undefined)).toBeDefined();
    expect(foreignRequest(local, 'localhost', 'https://evil.example.com')).toBeDefined();
  });
});

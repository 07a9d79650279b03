import { describe, expect, it, jest } from '@jest/globals';
import type { Response } from 'express';
import { ServiceHttpAdapter } from './service-http-adapter.js';
import { sentAgain } from './written-json.js';

/** The parts of Express's response that reply() uses. */
function fakeResponse() {
  const headers = new Map<string, string>();
  const response = {
    status: jest.fn((_code: number) => response),
    get: (name: string) => headers.get(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    set: jest.fn((name: string, value: string) => headers.set(name.toLowerCase(), value)),
    send: jest.fn((_body?: unknown) => response),
    json: jest.fn((_body: unknown) => response),
  };
  return { response, headers, express: response as unknown as Response };
}

describe(ServiceHttpAdapter.name, () => {
  it('sends a body sent again as the JSON written once, a JSON content type', () => {
    const adapter = new ServiceHttpAdapter();
    const body = sentAgain({ found: true, name: 'Sony WH-1000XM5' });
    for (let i = 0; i < 2; i++) {
      const { response, headers, express } = fakeResponse();
      adapter.reply(express, body, 200);
      expect(response.status).toHaveBeenCalledWith(200);
      expect(response.send).toHaveBeenCalledWith(JSON.stringify(body));
      expect(response.json).not.toHaveBeenCalled();
      expect(headers.get('content-type')).toBe('application/json');
    }
  });

  it('leaves any other body to Express', () => {
    const { response, express } = fakeResponse();
    const body = { found: false };
    new ServiceHttpAdapter().reply(express, body, 200);
    expect(response.json).toHaveBeenCalledWith(body);
    expect(response.send).not.toHaveBeenCalled();
  });
});

import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { prettyLogs } from './logging.js';
import { PinoNestLogger } from './service-logger.js';

function capture(): { logger: PinoNestLogger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const logger = new PinoNestLogger(pino({ level: 'info' }, sink));
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, lines };
}

describe('PinoNestLogger', () => {
  it('writes the context beside the message, at the level asked', () => {
    const { logger, lines } = capture();
    logger.warn('PostgreSQL is slow', 'Database');
    expect(lines()).toEqual([
      expect.objectContaining({ level: 40, context: 'Database', msg: 'PostgreSQL is slow' }),
    ]);
  });

  it("puts Nest's start-up chatter at debug, so it is not printed at the default level", () => {
    const { logger, lines } = capture();
    logger.log('LookupModule dependencies initialized', 'InstanceLoader');
    logger.log('Mapped {/healthz, GET} route', 'RouterExplorer');
    logger.log('Listening', 'Main');
    expect(lines().map((line) => line.msg)).toEqual(['Listening']);
  });

  it("keeps the framework's warnings and errors", () => {
    const { logger, lines } = capture();
    logger.error('cannot resolve a dependency', 'InstanceLoader');
    expect(lines()).toEqual([expect.objectContaining({ level: 50 })]);
  });

  it('merges an object message into the line (a request id beside a 5xx cause)', () => {
    const { logger, lines } = capture();
    logger.error({ request_id: 'r-1', msg: 'Error: boom' }, 'Errors');
    expect(lines()).toEqual([
      expect.objectContaining({ request_id: 'r-1', msg: 'Error: boom', context: 'Errors' }),
    ]);
  });

  it("writes an Error's stack", () => {
    const { logger, lines } = capture();
    logger.error(new Error('boom'));
    expect(String(lines()[0]?.msg)).toMatch(/^Error: boom\n\s+at /);
  });
});

describe('prettyLogs', () => {
  it('is pretty on a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    const tty = { isTTY: true };
    const pipe = { isTTY: false };
    expect(prettyLogs(undefined, tty)).toBe(true);
    expect(prettyLogs(undefined, pipe)).toBe(false);
    expect(prettyLogs('json', tty)).toBe(false);
    expect(prettyLogs('pretty', pipe)).toBe(true);
  });
});

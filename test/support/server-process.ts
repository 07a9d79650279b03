import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../../src/config/project-root.js';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Sends the signal and resolves with the exit code once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the built server (`node dist/src/main.js`, what `npm start` runs) as a real
 * process and resolves once it logs the address it listens on.
 */
export async function startServer(
  env: Record<string, string | undefined>,
  options: { timeoutMs?: number; uid?: number; gid?: number; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  const { timeoutMs = 60_000, uid, gid, nodeArgs = [] } = options;
  // A server started beside the suite's other files on two cores, a new embedded PostgreSQL
  // seeding its demo catalog above all, may take longer than the default 2 s to accept a
  // connection (a first start failed so in CI): a test of an outage sets its own.
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    NO_COLOR: '1',
    DATABASE_CONNECT_TIMEOUT_MS: '10000',
    ...env,
  };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const child = spawn(
    process.execPath,
    [...nodeArgs, path.join(projectRoot(), 'dist/src/main.js')],
    {
      cwd: projectRoot(),
      env: merged,
      ...(uid !== undefined && { uid }),
      ...(gid !== undefined && { gid }),
    },
  );
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s"\\]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return await exited;
    },
  };
}

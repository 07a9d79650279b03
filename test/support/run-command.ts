import { spawn } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../../src/config/project-root.js';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a built admin command (`node dist/src/cli.js COMMAND ...args`, what `npm run COMMAND --
 * ...args` runs) as an admin would, with the given environment.
 */
export async function runBuiltCommand(
  command: string,
  args: string[],
  env: Record<string, string>,
  /** Run this instead (e.g. to wrap it). */
  argv = [process.execPath, path.join(projectRoot(), 'dist', 'src', 'cli.js'), command, ...args],
): Promise<CommandResult> {
  const [program, ...rest] = argv;
  const child = spawn(program!, rest, {
    cwd: projectRoot(),
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}

/** Runs a built developer tool (`node dist/tools/cli.js TOOL ...args`, `npm run TOOL -- ...`). */
export async function runBuiltTool(tool: string, args: string[]): Promise<CommandResult> {
  const cli = path.join(projectRoot(), 'dist', 'tools', 'cli.js');
  return await runBuiltCommand(tool, args, {}, [process.execPath, cli, tool, ...args]);
}

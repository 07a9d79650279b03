import { fork, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { projectRoot } from '../../src/config/project-root.js';
import { procStatusMb, startProdNodeArgs } from '../lib/processes.js';
import type { DirectRun } from './direct.js';
import type { Measured } from './stats.js';

// The two things a round measures, each its own process: the HTTP service (serve.ts) and the
// direct driver (direct.ts).

function exitError(child: ChildProcess, what: string): Promise<never> {
  return new Promise((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`))),
  );
}

/** With BENCH_PROFILE_DIR set, each service process writes a V8 CPU profile there at exit. */
const profiling = (env: NodeJS.ProcessEnv) =>
  env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${env.BENCH_PROFILE_DIR}`] : [];

export class Service {
  private constructor(
    private child: ChildProcess,
    private readonly env: NodeJS.ProcessEnv,
    readonly origin: string,
  ) {}

  get pid(): number {
    return this.child.pid!;
  }

  /**
   * Starts node dist/bench/scale/serve.js, with the node flags `npm run start:prod` gives the
   * service (its bounded heap), and waits for its "ready" line.
   */
  static async start(env: NodeJS.ProcessEnv): Promise<Service> {
    return new Service(await Service.spawn(env), env, `http://${env.HOST}:${env.PORT}`);
  }

  private static async spawn(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
    const child = spawn(
      process.execPath,
      [
        ...(env.BENCH_NODE_ARGS !== undefined
          ? env.BENCH_NODE_ARGS.split(' ').filter(Boolean)
          : await startProdNodeArgs()),
        ...profiling(env),
        'dist/bench/scale/serve.js',
      ],
      {
        cwd: projectRoot(),
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const ready = new Promise<void>((resolve) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (line === 'ready') resolve();
        // BENCH_STDOUT=FILE keeps what else it prints, each line timed: the collector's, with
        // BENCH_NODE_ARGS="--max-old-space-size=160 --trace-gc-nvp".
        if (env.BENCH_STDOUT) appendFileSync(env.BENCH_STDOUT, `${Date.now()} ${line}\n`);
      });
    });
    await Promise.race([ready, exitError(child, 'the service')]);
    return child;
  }

  /** Stops the process and starts a new one on the same port: nothing cached. */
  async restart(env: NodeJS.ProcessEnv = {}): Promise<void> {
    await this.stop();
    this.child = await Service.spawn({ ...this.env, ...env });
  }

  /** Samples VmRSS while `work` runs: its highest value. */
  async withRss<T>(work: () => Promise<T>): Promise<{ result: T; rssMb: number }> {
    let rssMb = await procStatusMb(this.pid, 'VmRSS');
    const timer = setInterval(() => {
      void procStatusMb(this.pid, 'VmRSS').then((mb) => (rssMb = Math.max(rssMb, mb)));
    }, 200);
    try {
      return { result: await work(), rssMb };
    } finally {
      clearInterval(timer);
    }
  }

  /** Waits until the service handles no request (see serve.ts, GET /bench/idle). */
  async idle(): Promise<void> {
    const response = await fetch(`${this.origin}/bench/idle`);
    if (!response.ok) throw new Error(`GET /bench/idle answered ${response.status}`);
  }

  /** Peak resident memory over the process's life so far. */
  peakMb(): Promise<number> {
    return procStatusMb(this.pid, 'VmHWM');
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}

export class DirectDriver {
  private constructor(
    private child: ChildProcess,
    /** Rejects when the driver exits: raced with every wait, so a crash never hangs the bench. */
    private died: Promise<never>,
    private readonly start: () => Promise<DirectDriver>,
  ) {}

  get pid(): number {
    return this.child.pid!;
  }

  /** Forks node dist/bench/scale/direct.js NAMES_FILE and waits until it is ready. */
  static async start(env: NodeJS.ProcessEnv, namesFile: string): Promise<DirectDriver> {
    const child = fork('dist/bench/scale/direct.js', [namesFile], {
      cwd: projectRoot(),
      env,
      execArgv: profiling(env),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ready = new Promise<void>((resolve) => child.once('message', () => resolve()));
    const died = exitError(child, 'the direct driver');
    await Promise.race([ready, died]);
    return new DirectDriver(child, died, () => DirectDriver.start(env, namesFile));
  }

  /** Stops the driver and forks a new one: nothing cached. */
  async restart(): Promise<void> {
    await this.stop();
    const fresh = await this.start();
    [this.child, this.died] = [fresh.child, fresh.died];
  }

  /** One run; `next` is the index after the last name it used. */
  async run(run: DirectRun): Promise<{ measured: Measured; next: number }> {
    const result = new Promise<{ measured: Measured; next: number }>((resolve) =>
      this.child.once('message', (message) =>
        resolve(message as { measured: Measured; next: number }),
      ),
    );
    this.child.send(run);
    return await Promise.race([result, this.died]);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    this.child.send('stop');
    await this.died.catch(() => undefined);
  }
}

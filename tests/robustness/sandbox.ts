/**
 * The sandbox as a separate process for the robustness run: `sandbox/main.ts` under node with the
 * tsx loader, on a data folder and a port of 127.0.0.1, waited for on /health, stopped with
 * SIGTERM (graceful) or SIGKILL (a crash). Every wait is bounded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface StopResult {
  /** Exit code, or null when ended by a signal. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** False when it did not end within the bound (then it was killed). */
  inTime: boolean;
  ms: number;
}

export class SandboxProcess {
  private child?: ChildProcess;
  private exit?: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last lines of its stderr (handler errors are logged there). */
  readonly stderr: string[] = [];

  constructor(
    readonly dataDir: string,
    readonly port: number,
    private readonly seed: 'small' | 'large' = 'small',
    /** Extra environment of the process: `DATABASE_URL` runs it on a PostgreSQL server (then `dataDir` is unused). */
    private readonly env: Record<string, string> = {},
  ) {}

  /** The PostgreSQL server it runs on, if any (else the embedded database in `dataDir`). */
  get databaseUrl(): string | undefined {
    return this.env.DATABASE_URL;
  }

  get origin() {
    return `http://127.0.0.1:${this.port}`;
  }

  get running() {
    return Boolean(this.child && this.child.exitCode === null && this.child.signalCode === null);
  }

  async start(timeoutMs: number): Promise<void> {
    // `node --import tsx`, not the tsx command: that wrapper relays signals to the sandbox and, if
    // the sandbox's event loop is busy for 60 ms (as under load), turns a SIGTERM into a SIGKILL.
    // The signals of this run must reach the process that holds the database, as sent.
    const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts', '--data-dir', this.dataDir, '--port', String(this.port), '--host', '127.0.0.1', '--seed', this.seed, '--quiet'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
      env: { ...process.env, FORCE_COLOR: '0', ...this.env },
    });
    this.child = child;
    this.exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    child.stderr?.on('data', (chunk: Buffer) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) this.stderr.push(line);
      if (this.stderr.length > 400) this.stderr.splice(0, this.stderr.length - 400);
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`the sandbox exited while starting (code ${child.exitCode ?? child.signalCode}): ${this.stderr.slice(-10).join(' | ')}`);
      try {
        const response = await fetch(`${this.origin}/health`, { signal: AbortSignal.timeout(2000) });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    await this.stop('SIGKILL', 5000);
    throw new Error(`no answer from ${this.origin}/health within ${timeoutMs} ms`);
  }

  private signal(sig: NodeJS.Signals) {
    if (!this.child?.pid) return;
    try {
      process.kill(-this.child.pid, sig);
    } catch {
      try {
        this.child.kill(sig);
      } catch {
        // already gone
      }
    }
  }

  /** Sends the signal and waits (bounded) for the exit; SIGKILL when the bound passes. */
  async stop(sig: 'SIGTERM' | 'SIGKILL', timeoutMs: number): Promise<StopResult> {
    const started = Date.now();
    if (!this.child || !this.exit) return { code: null, signal: null, inTime: true, ms: 0 };
    if (!this.running) {
      const { code, signal } = await this.exit;
      return { code, signal, inTime: true, ms: 0 };
    }
    this.signal(sig);
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([this.exit, new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), timeoutMs)))]);
    clearTimeout(timer);
    if (ended) return { ...ended, inTime: true, ms: Date.now() - started };
    this.signal('SIGKILL');
    const { code, signal } = await Promise.race([this.exit, sleep(5000).then(() => ({ code: null, signal: null }))]);
    return { code, signal, inTime: false, ms: Date.now() - started };
  }

  /** Lines the sandbox logged for handler failures and unhandled errors. */
  errorLines(): string[] {
    return this.stderr.filter((line) => /errore (non gestito|in )/.test(line));
  }
}

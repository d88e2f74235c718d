// Runs server/main.ts as a real process on a random loopback port, for shutdown and logging tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /**
   * Resolves as soon as the output contains `text` (checked as each chunk arrives); rejects if
   * the process exits first or `timeoutMs` passes.
   */
  printed(text: string, timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

export async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'monthbook-process-'));
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATE_LIMIT: 'off',
      BILLING: 'off',
      WEB_DIR: '',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    const check = () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', check);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
  const printed = (text: string, timeoutMs = 10_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!output.includes(text)) return;
        stop();
        resolve();
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`not printed within ${timeoutMs} ms: ${text}\n${output}`));
      }, timeoutMs);
      const ended = () => {
        stop();
        reject(new Error(`exited before printing ${text}:\n${output}`));
      };
      const stop = () => {
        clearTimeout(timer);
        child.stdout?.off('data', check);
        child.stderr?.off('data', check);
        child.off('exit', ended);
      };
      // Added after the listeners that collect `output`, so each chunk is in it when checked.
      child.stdout?.on('data', check);
      child.stderr?.on('data', check);
      child.once('exit', ended);
      check();
    });
  return { child, url, dataDir, output: () => output, printed, exited };
}

/**
 * `firebase emulators:start --only …` in a folder holding its own firebase.json, for the deploy
 * tests that need one emulator (Functions, Hosting) and nothing else. Runs in its own process
 * group so stopping it also stops the Java or Node children it starts.
 */
import { spawn } from 'node:child_process';

export interface RunningEmulators {
  stop(): Promise<void>;
}

export async function startFirebaseEmulators(options: {
  cwd: string;
  only: string;
  project: string;
  /** A line the emulator logs once it serves requests. */
  readyText: string;
  timeoutMs: number;
}): Promise<RunningEmulators> {
  const child = spawn('npx', ['firebase', 'emulators:start', '--only', options.only, '--project', options.project], {
    cwd: options.cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The ${options.only} emulator did not start:\n${output}`)),
      options.timeoutMs,
    );
    const watch = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(options.readyText)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', watch);
    child.stderr?.on('data', watch);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The ${options.only} emulator exited (${code}):\n${output}`));
    });
  });
  return {
    async stop() {
      if (!child.pid || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGINT');
      const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

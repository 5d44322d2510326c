/** Journeys of the account commands a script uses, and of the CLI installed for use from any folder. */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { cliEnv, flipstage, newUser, removeTempDirs, signedInUser, tempDir } from './cliHarness.js';
import { REPO_ROOT } from './paths.js';

afterAll(removeTempDirs);

describe('flipstage credits', () => {
  it('shows the balance and the plan', async () => {
    const cwd = await tempDir('flipstage-cli-credits-');
    const user = await signedInUser(cwd);
    const run = await flipstage(['credits'], { configDir: user.configDir, cwd });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('Credits: 10\nPlan: No plan (free credits)\n');
  });

  it('prints one JSON object for scripts', async () => {
    const cwd = await tempDir('flipstage-cli-credits-');
    const user = await signedInUser(cwd);
    const run = await flipstage(['credits', '--json'], { configDir: user.configDir, cwd });
    expect(JSON.parse(run.stdout)).toEqual({ credits: 10, plan: 'No plan (free credits)', planIsActive: false });
  });
});

describe('flipstage login --password-stdin', () => {
  it('signs in with the password piped on standard input', async () => {
    const cwd = await tempDir('flipstage-cli-stdin-');
    const user = await newUser();
    const child = spawn(
      process.execPath,
      [
        join(REPO_ROOT, 'cli', 'bin', 'flipstage.js'),
        'login',
        '--email',
        user.email,
        '--password-stdin',
        '--api',
        inject('apiUrl'),
        '--auth-emulator',
        inject('authEmulatorHost'),
      ],
      { cwd, env: cliEnv(user.configDir), stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stdin.end(`${user.password}\n`);
    const code = await new Promise((resolve) => child.once('close', resolve));
    expect(code).toBe(0);
    expect(stdout).toContain(`Signed in as ${user.email}.`);
  });

  it('refuses --password together with --password-stdin as a usage error', async () => {
    const cwd = await tempDir('flipstage-cli-stdin-');
    const user = await newUser();
    const run = await flipstage(['login', '--email', user.email, '--password', 'x', '--password-stdin'], {
      configDir: user.configDir,
      cwd,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Use either --password or --password-stdin, not both.');
  });
});

describe('installing the CLI from the checkout', () => {
  it('runs as `flipstage` from any folder after `npm install -g ./cli`', async () => {
    const prefix = await tempDir('flipstage-cli-prefix-');
    const install = spawnSync('npm', ['install', '--global', '--prefix', prefix, './cli'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(install.status, install.stderr).toBe(0);
    const elsewhere = await tempDir('flipstage-cli-elsewhere-');
    const user = await signedInUser(elsewhere);
    const run = spawnSync(join(prefix, 'bin', 'flipstage'), ['credits'], {
      cwd: elsewhere,
      env: cliEnv(user.configDir),
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Credits: 10');
  });
});

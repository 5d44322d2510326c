import { Command } from 'commander';
import { z } from 'zod';
import { DEFAULT_API_URL } from '../api/apiClient.js';
import { resolveAuthSettings, signInWithPassword } from '../auth/firebaseAuth.js';
import { readConfig, writeConfig } from '../config.js';
import { openSession } from '../session.js';
import type { CommandContext } from './context.js';
import { EXIT, usageError, type ExitCode } from '../errors/exitCodes.js';
import { ask, askSecret, canPrompt } from '../output/prompts.js';

const httpUrl = z
  .string()
  .refine((value) => /^https?:\/\/[^/]/.test(value) && URL.canParse(value), {
    error: (issue) => `--api "${String(issue.input)}" is not an http(s) URL.`,
  })
  .transform((value) => value.replace(/\/+$/, ''));

export const loginOptionsSchema = z.object({
  email: z.string().trim().optional(),
  password: z.string().optional(),
  passwordStdin: z.boolean().optional(),
  api: httpUrl.optional(),
  apiKey: z.string().min(1).optional(),
  project: z.string().min(1).optional(),
  authEmulator: z.string().min(1).optional(),
});

export type LoginOptions = z.infer<typeof loginOptionsSchema>;

async function credential(
  ctx: CommandContext,
  given: string | undefined,
  envName: 'FLIPSTAGE_EMAIL' | 'FLIPSTAGE_PASSWORD',
  question: () => Promise<string>,
): Promise<string> {
  const value = given || ctx.io.env[envName];
  if (value) return value;
  if (!canPrompt(ctx.io)) {
    throw usageError(
      'Not a terminal, so there is nothing to prompt with: pass --email and --password or set FLIPSTAGE_EMAIL and FLIPSTAGE_PASSWORD.',
    );
  }
  const answer = await question();
  if (!answer)
    throw usageError(envName === 'FLIPSTAGE_EMAIL' ? 'Please enter an email address' : 'Please enter a password');
  return answer;
}

/** The whole of standard input, less the line break `echo` or a password manager adds. */
async function readAllStdin(ctx: CommandContext): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.io.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function passwordFrom(options: LoginOptions, ctx: CommandContext): Promise<string> {
  if (!options.passwordStdin)
    return credential(ctx, options.password, 'FLIPSTAGE_PASSWORD', () => askSecret(ctx.io, 'Password: '));
  if (options.password) throw usageError('Use either --password or --password-stdin, not both.');
  if (ctx.io.stdin.isTTY)
    throw usageError(
      '--password-stdin reads the password from a pipe, e.g. `pass show flipstage | flipstage login --password-stdin`.',
    );
  const password = await readAllStdin(ctx);
  if (!password) throw usageError('--password-stdin read an empty password.');
  return password;
}

export async function runLogin(options: LoginOptions, ctx: CommandContext): Promise<ExitCode> {
  const { env } = ctx.io;
  const config = await readConfig(env);
  const settings = resolveAuthSettings(
    { apiKey: options.apiKey, project: options.project, authEmulator: options.authEmulator },
    env,
    config,
  );
  const api = options.api ?? (env.FLIPSTAGE_API || config.api || DEFAULT_API_URL).replace(/\/+$/, '');
  const email = await credential(ctx, options.email, 'FLIPSTAGE_EMAIL', () => ask(ctx.io, 'Email: '));
  const password = await passwordFrom(options, ctx);

  const signedIn = await signInWithPassword(settings, email, password);
  await writeConfig(env, {
    api,
    apiKey: settings.apiKey,
    projectId: settings.projectId ?? undefined,
    authEmulatorUrl: settings.authEmulatorUrl,
    email: signedIn.email,
    uid: signedIn.uid,
    refreshToken: signedIn.refreshToken,
  });
  ctx.logger.success(`Signed in as ${signedIn.email}.`);

  // The first call creates the account and its sign-up credits, like the web app's first visit.
  const session = await openSession(env, { logger: ctx.logger });
  try {
    const user = await session.client.account();
    ctx.logger.info(`Credits: ${user.creditsRemaining}`);
  } catch (error) {
    ctx.logger.warn(`The FlipStage API at ${api} did not answer: ${(error as Error).message}`);
  } finally {
    await session.client.close();
  }
  return EXIT.ok;
}

export function loginCommand(ctx: CommandContext): Command {
  return new Command('login')
    .description('sign in with your FlipStage email and password')
    .option('--email <email>', 'account email (or FLIPSTAGE_EMAIL)')
    .option('--password <password>', 'account password (or FLIPSTAGE_PASSWORD)')
    .option('--password-stdin', 'read the password from standard input, for scripts')
    .option('--api <url>', `FlipStage API base URL (or FLIPSTAGE_API; default ${DEFAULT_API_URL})`)
    .option('--api-key <key>', 'Firebase web API key for Firebase mode (or FLIPSTAGE_FIREBASE_API_KEY)')
    .option('--project <id>', 'Firebase project id (or FLIPSTAGE_FIREBASE_PROJECT)')
    .option('--auth-emulator <host:port>', 'use the Firebase Auth emulator (or FIREBASE_AUTH_EMULATOR_HOST)')
    .action(async (raw: unknown) => {
      ctx.finish(await runLogin(loginOptionsSchema.parse(raw), ctx));
    });
}

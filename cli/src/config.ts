import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { usageError } from './errors/exitCodes.js';

/**
 * Where the CLI keeps its settings and the refresh token: $FLIPSTAGE_CONFIG_DIR, else
 * $XDG_CONFIG_HOME/flipstage, else ~/.config/flipstage. The file holds a credential, so the
 * directory is 0700 and the file 0600.
 */
export function configDir(env: NodeJS.ProcessEnv): string {
  if (env.FLIPSTAGE_CONFIG_DIR) return env.FLIPSTAGE_CONFIG_DIR;
  const base = env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'flipstage');
}

export function configPath(env: NodeJS.ProcessEnv): string {
  return join(configDir(env), 'config.json');
}

const configSchema = z.object({
  api: z.string().optional(),
  apiKey: z.string().optional(),
  projectId: z.string().optional(),
  /** Origin of the Auth emulator (http://127.0.0.1:9099); null means Google's hosts. */
  authEmulatorUrl: z.string().nullable().optional(),
  email: z.string().optional(),
  uid: z.string().optional(),
  refreshToken: z.string().optional(),
});

export type CliConfig = z.infer<typeof configSchema>;

export async function readConfig(env: NodeJS.ProcessEnv): Promise<CliConfig> {
  const path = configPath(env);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  try {
    return configSchema.parse(JSON.parse(text));
  } catch {
    throw usageError(`The config file ${path} is not valid. Fix it or delete it and run \`flipstage login\` again.`);
  }
}

export async function writeConfig(env: NodeJS.ProcessEnv, config: CliConfig): Promise<void> {
  const dir = configDir(env);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const path = configPath(env);
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await chmod(temp, 0o600);
  await rename(temp, path);
}

import type { Stager } from '../ports/stager.js';
import { LOCAL_ENGINE_NAME } from './engine/engineName.js';
import { createPhotoroomStager, PHOTOROOM_BASE_URL, PHOTOROOM_ENGINE_NAME } from './photoroom.js';

export interface StagerEnv {
  PHOTOROOM_API_KEY?: string | undefined;
  /** Optional Photoroom background model, sent as pr-ai-background-model-version. */
  PHOTOROOM_MODEL_VERSION?: string | undefined;
  /** Any endpoint that speaks Photoroom's v2/edit: a proxy, or a stand-in server in tests. */
  PHOTOROOM_BASE_URL?: string | undefined;
}

/**
 * The offline engine, loaded on its first staging: sharp, onnxruntime-node and the plates cost a
 * second and hundreds of MB, which a process that never stages (the sweeper, account calls) or
 * stages through Photoroom must not pay.
 */
export function createLazyLocalStager(): Stager {
  let loaded: Promise<Stager> | undefined;
  const engine = () => (loaded ??= import('./engine/localStager.js').then((m) => m.createLocalStager()));
  return {
    name: LOCAL_ENGINE_NAME,
    stage: async (input) => (await engine()).stage(input),
  };
}

const trimmed = (value: string | undefined): string | undefined => value?.trim() || undefined;

/**
 * A mistyped address is refused when the host starts, not found out at the first staging; so is
 * one with a user name or password, which fetch refuses and a log line would show.
 */
function photoroomEndpoint(env: StagerEnv): string {
  const value = trimmed(env.PHOTOROOM_BASE_URL) ?? PHOTOROOM_BASE_URL;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(`PHOTOROOM_BASE_URL must be an http(s) address, got ${JSON.stringify(value)}`);
  }
  if (url.username || url.password) throw new Error('PHOTOROOM_BASE_URL must not carry a user name or password');
  return url.href;
}

/**
 * Photoroom when a key is configured (DESIGN §6a), otherwise the offline engine: `engine`, as the
 * host runs it (engineRuntime.ts), or else on the thread that asks.
 */
export function createStager(env: StagerEnv = process.env, engine?: Stager): Stager {
  const apiKey = trimmed(env.PHOTOROOM_API_KEY);
  if (!apiKey) return engine ?? createLazyLocalStager();
  const modelVersion = trimmed(env.PHOTOROOM_MODEL_VERSION);
  const baseUrl = photoroomEndpoint(env);
  return createPhotoroomStager({ apiKey, baseUrl, ...(modelVersion ? { modelVersion } : {}) });
}

/**
 * A host's start-up line: which stager is in use and, for Photoroom, where it is reached; never
 * the key. The message alone says it all, as `npm start` prints only messages.
 */
export function describeStager(
  stager: Stager,
  env: StagerEnv = process.env,
): { message: string; fields: Record<string, string> } {
  if (stager.name !== PHOTOROOM_ENGINE_NAME) {
    return { message: `staging with the built-in engine (${stager.name})`, fields: { stager: stager.name } };
  }
  const endpoint = photoroomEndpoint(env);
  return { message: `staging with Photoroom at ${endpoint}`, fields: { stager: stager.name, endpoint } };
}

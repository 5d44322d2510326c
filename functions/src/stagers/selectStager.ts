import type { Stager } from '../ports/stager.js';
import { createPhotoroomStager } from './photoroom.js';
import { createLocalStager } from './engine/localStager.js';

export interface StagerEnv {
  PHOTOROOM_API_KEY?: string | undefined;
  /** Optional Photoroom background model, sent as pr-ai-background-model-version. */
  PHOTOROOM_MODEL_VERSION?: string | undefined;
  /** Overrides Photoroom's address, for a stub server. */
  PHOTOROOM_BASE_URL?: string | undefined;
}

/** Photoroom when a key is configured (DESIGN §6a), otherwise the offline engine. */
export function createStager(env: StagerEnv = process.env): Stager {
  const apiKey = env.PHOTOROOM_API_KEY?.trim();
  if (!apiKey) return createLocalStager();
  return createPhotoroomStager({
    apiKey,
    ...(env.PHOTOROOM_MODEL_VERSION?.trim() ? { modelVersion: env.PHOTOROOM_MODEL_VERSION.trim() } : {}),
    ...(env.PHOTOROOM_BASE_URL?.trim() ? { baseUrl: env.PHOTOROOM_BASE_URL.trim() } : {}),
  });
}

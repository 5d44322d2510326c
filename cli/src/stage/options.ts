import { z } from 'zod';
import {
  DEFAULT_FURNITURE_TYPE,
  DEFAULT_STYLE,
  DESIGN_STYLE_IDS,
  FURNITURE_TYPE_IDS,
  MESSAGES,
  isDesignStyleId,
  isFurnitureTypeId,
  resolvePrompt,
  type DesignStyleId,
  type FurnitureTypeId,
  type PromptMode,
  type SubjectHint,
} from '@flipstage/core';
import { DEFAULT_NAME_TEMPLATE, nameTemplateProblem } from './outputName.js';

export const DEFAULT_CONCURRENCY = 3;
export const MAX_CONCURRENCY = 16;
/** Above this many images, a run asks before spending (unless --yes). */
export const CONFIRM_ABOVE = 20;

const style = z.custom<DesignStyleId>(isDesignStyleId, {
  error: (issue) =>
    `--style "${String(issue.input)}": ${MESSAGES.invalidStyle} Valid values: ${DESIGN_STYLE_IDS.join(', ')}.`,
});

const furnitureType = z.custom<FurnitureTypeId>(isFurnitureTypeId, {
  error: (issue) =>
    `--type "${String(issue.input)}": ${MESSAGES.invalidFurnitureType} Valid values: ${FURNITURE_TYPE_IDS.join(', ')}.`,
});

const concurrency = z.coerce
  .number({ error: '--concurrency must be a whole number.' })
  .int({ error: '--concurrency must be a whole number.' })
  .min(1, { error: `--concurrency must be between 1 and ${MAX_CONCURRENCY}.` })
  .max(MAX_CONCURRENCY, { error: `--concurrency must be between 1 and ${MAX_CONCURRENCY}.` });

const nameTemplate = z.string().superRefine((template, ctx) => {
  const problem = nameTemplateProblem(template);
  if (problem) ctx.addIssue({ code: 'custom', message: `--name "${template}" ${problem}.` });
});

const maxCredits = z.coerce
  .number({ error: '--max-credits must be a whole number of credits.' })
  .int({ error: '--max-credits must be a whole number of credits.' })
  .min(0, { error: '--max-credits cannot be negative.' });

export const stageOptionsSchema = z.object({
  inputs: z.array(z.string()).min(1, { error: 'Name at least one folder or image file to stage.' }),
  out: z.string({ error: 'Choose where the staged images go with --out <dir>.' }).min(1),
  style: style.default(DEFAULT_STYLE),
  type: furnitureType.default(DEFAULT_FURNITURE_TYPE),
  prompt: z.string().optional(),
  hd: z.boolean().default(false),
  concurrency: concurrency.default(DEFAULT_CONCURRENCY),
  recursive: z.boolean().default(false),
  dryRun: z.boolean().default(false),
  yes: z.boolean().default(false),
  force: z.boolean().default(false),
  json: z.boolean().default(false),
  name: nameTemplate.default(DEFAULT_NAME_TEMPLATE),
  manifest: z.string().min(1).optional(),
  maxCredits: maxCredits.optional(),
});

export type StageOptions = z.infer<typeof stageOptionsSchema>;

export interface StageRequestChoice {
  style: DesignStyleId;
  furnitureType: FurnitureTypeId;
  mode: PromptMode;
  prompt: string;
  hd: boolean;
  /** The piece a manifest marked; absent, the server finds it. */
  subject?: SubjectHint;
}

/** A prompt switches to custom mode; otherwise the auto prompt of the style and type, exactly as the web app builds it. */
export function requestChoice(options: {
  style: DesignStyleId;
  type: FurnitureTypeId;
  prompt?: string | undefined;
  hd: boolean;
  subject?: SubjectHint | undefined;
}): StageRequestChoice {
  const mode: PromptMode = options.prompt === undefined ? 'auto' : 'custom';
  return {
    style: options.style,
    furnitureType: options.type,
    mode,
    prompt: resolvePrompt({ mode, style: options.style, furnitureType: options.type, customPrompt: options.prompt }),
    hd: options.hd,
    ...(options.subject ? { subject: options.subject } : {}),
  };
}

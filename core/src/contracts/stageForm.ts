/**
 * POST /api/stage (DESIGN §4): a multipart form whose text fields stageFieldsSchema checks, one
 * image file, and an Idempotency-Key header. The web app, the CLI and the route take the field
 * names from here. No zod in this module: the web app builds the form on its home route.
 */
import type { DesignStyleId, FurnitureTypeId, PromptMode } from '../catalog.js';
import { formatBrushMask, hasBrushStrokes, type BrushMask } from './brushMask.js';
import { formatSubjectHint, type SubjectHint } from './subjectHint.js';

export const STAGE_FILE_FIELD = 'imageFile';
export const STAGE_TEXT_FIELDS = [
  'prompt',
  'style',
  'furnitureType',
  'mode',
  'size',
  'variant',
  'subject',
  'strokes',
  'confirmedFurniture',
] as const;
export type StageTextField = (typeof STAGE_TEXT_FIELDS)[number];

export const OUTPUT_SIZES = ['standard', 'hd'] as const;
export type OutputSize = (typeof OUTPUT_SIZES)[number];

export interface StageRequestFields {
  prompt: string;
  style: DesignStyleId;
  furnitureType: FurnitureTypeId;
  mode: PromptMode;
}

/**
 * What the seller said about the piece on a photo, sent with its preview and its staging: the
 * engine segments where it says, and the classifier never vetoes a photo with a mark or a
 * confirmation.
 */
export interface SellerMark {
  /** The piece the seller marked on the photo; left out, the engine finds it. */
  subject?: SubjectHint | undefined;
  /** What the seller painted to keep or drop (brushMask.ts); left out or unpainted, no strokes. */
  strokes?: BrushMask | undefined;
  /**
   * The seller answered a "not furniture" verdict with "It is furniture: stage it": the
   * classifier's veto is set aside and the photo is staged (and charged) as usual.
   */
  confirmedFurniture?: boolean | undefined;
}

export interface StageFormInput extends StageRequestFields, SellerMark {
  /** Left out, the plan decides (HD when it includes HD). */
  size?: OutputSize | undefined;
  /** "Try another room": left out, the first room (0). */
  variant?: number | undefined;
}

/** The `confirmedFurniture` field's one value; anything else sent there is refused. */
export const CONFIRMED_FURNITURE = 'yes';

export interface StageForm {
  /** The name to append the image under. */
  fileField: typeof STAGE_FILE_FIELD;
  /** The text fields in order, for FormData.append (the browser's or undici's). */
  entries: [StageTextField, string][];
}

export function stageFormEntries(input: StageFormInput): StageForm {
  const entries: [StageTextField, string][] = [
    ['prompt', input.prompt],
    ['style', input.style],
    ['furnitureType', input.furnitureType],
    ['mode', input.mode],
  ];
  if (input.size !== undefined) entries.push(['size', input.size]);
  if (input.variant !== undefined) entries.push(['variant', String(input.variant)]);
  entries.push(...sellerMarkEntries(input));
  return { fileField: STAGE_FILE_FIELD, entries };
}

/** The mark's form fields: the whole text of a preview, the tail of a staging's form. */
export function sellerMarkEntries(mark: SellerMark): [StageTextField, string][] {
  const entries: [StageTextField, string][] = [];
  if (mark.subject !== undefined) entries.push(['subject', formatSubjectHint(mark.subject)]);
  if (mark.strokes !== undefined && hasBrushStrokes(mark.strokes))
    entries.push(['strokes', formatBrushMask(mark.strokes)]);
  if (mark.confirmedFurniture) entries.push(['confirmedFurniture', CONFIRMED_FURNITURE]);
  return entries;
}

/** The stage form's text fields out of a parsed multipart body; anything else sent is ignored. */
export function stageTextFields(fields: Readonly<Record<string, string>>): Partial<Record<StageTextField, string>> {
  const picked: Partial<Record<StageTextField, string>> = {};
  for (const name of STAGE_TEXT_FIELDS) if (fields[name] !== undefined) picked[name] = fields[name];
  return picked;
}

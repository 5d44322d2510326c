/**
 * The design-style and furniture-type catalog (spec §3) and the auto-prompt built from them.
 * Phrases are written for an image model: concrete materials, palette and light, because a
 * vague prompt gives a vague room.
 */

export const DESIGN_STYLES = [
  {
    id: 'modern',
    label: 'Modern',
    phrase:
      'a sleek modern interior with crisp white walls, a pale polished concrete floor, clean-lined low furniture, matte black accents, a single abstract canvas and soft diffused daylight',
  },
  {
    id: 'midcentury',
    label: 'Mid-Century Modern',
    phrase:
      'a Mid-Century Modern interior with warm walnut wall paneling, a honey oak floor, mustard and teal accents, tapered-leg pieces, a sunburst mirror and warm afternoon light through wide windows',
  },
  {
    id: 'farmhouse',
    label: 'Farmhouse',
    phrase:
      'a cozy farmhouse interior with whitewashed shiplap walls, wide-plank reclaimed oak floors, woven baskets, galvanized metal and linen accents, and soft morning light',
  },
  {
    id: 'industrial',
    label: 'Industrial',
    phrase:
      'an industrial loft interior with exposed red brick, black steel-framed factory windows, a weathered concrete floor, Edison bulb pendants, leather and raw wood accents, and cool overcast light',
  },
  {
    id: 'bohemian',
    label: 'Bohemian',
    phrase:
      'a layered bohemian interior with warm terracotta walls, a patterned kilim rug on a rustic wood floor, rattan and macramé accents, trailing houseplants and warm golden-hour light',
  },
  {
    id: 'traditional',
    label: 'Traditional',
    phrase:
      'a classic traditional interior with cream wainscoting and deep green walls, a rich mahogany floor with a Persian rug, damask drapes, brass sconces and warm lamplight',
  },
  {
    id: 'scandinavian',
    label: 'Scandinavian',
    phrase:
      'a bright Scandinavian interior with soft white walls, a pale ash floor, light wool and sheepskin textiles, simple stoneware ceramics, a trailing plant and cool Nordic daylight',
  },
  {
    id: 'coastal',
    label: 'Coastal',
    phrase:
      'an airy coastal interior with pale sea-blue and white walls, a sandy whitewashed plank floor, a jute rug, linen textiles, driftwood and seagrass accents, and bright seaside light',
  },
] as const;

export const FURNITURE_TYPES = [
  {
    id: 'dresser',
    label: 'Dresser/Cabinet',
    roomPhrase:
      'bedroom with the dresser standing against the wall beneath a framed mirror, a small table lamp and a vase of fresh flowers on top',
  },
  {
    id: 'sofa',
    label: 'Sofa/Couch',
    roomPhrase:
      'living room with the sofa facing the viewer, a low coffee table and a soft rug in front, framed art above and a floor lamp at one side',
  },
  {
    id: 'table',
    label: 'Dining Table',
    roomPhrase:
      'dining room with the table beneath a statement pendant light, chairs drawn up around it, a simple centerpiece and a sideboard along the wall',
  },
  {
    id: 'chair',
    label: 'Accent Chair',
    roomPhrase:
      'cozy reading corner with the accent chair beside a floor lamp, a small side table with a book and a throw blanket draped over the arm',
  },
  {
    id: 'coffee',
    label: 'Coffee Table',
    roomPhrase:
      'living room with the coffee table centered on a rug in front of a sofa, a stack of books and a small plant on its top',
  },
  {
    id: 'bed',
    label: 'Bed',
    roomPhrase:
      'calm bedroom with the bed against the wall, nightstands with soft lamps on either side, layered bedding and framed art above the headboard',
  },
  {
    id: 'desk',
    label: 'Desk',
    roomPhrase:
      'home office with the desk beneath a window, a task lamp, a comfortable desk chair and wall shelves of books and plants',
  },
  {
    id: 'bookcase',
    label: 'Bookcase/Shelf',
    roomPhrase:
      'living room with the bookcase against the wall, styled with books, ceramics and plants, and an armchair with a reading lamp beside it',
  },
] as const;

export type DesignStyleId = (typeof DESIGN_STYLES)[number]['id'];
export type FurnitureTypeId = (typeof FURNITURE_TYPES)[number]['id'];
export type PromptMode = 'auto' | 'custom';

export const DESIGN_STYLE_IDS = DESIGN_STYLES.map((s) => s.id) as readonly DesignStyleId[];
export const FURNITURE_TYPE_IDS = FURNITURE_TYPES.map((t) => t.id) as readonly FurnitureTypeId[];
export const DEFAULT_STYLE: DesignStyleId = 'modern';
export const DEFAULT_FURNITURE_TYPE: FurnitureTypeId = 'dresser';

export const GENERIC_STYLE_PHRASE =
  'a stylish, well-lit interior with neutral walls, a warm wood floor, tasteful decor and soft natural light';
export const GENERIC_ROOM_PHRASE =
  'well-decorated room with the piece as the focal point and a few complementary accessories';
export const CUSTOM_PROMPT_FALLBACK = 'Custom background prompt';

export function isDesignStyleId(value: unknown): value is DesignStyleId {
  return typeof value === 'string' && (DESIGN_STYLE_IDS as readonly string[]).includes(value);
}

export function isFurnitureTypeId(value: unknown): value is FurnitureTypeId {
  return typeof value === 'string' && (FURNITURE_TYPE_IDS as readonly string[]).includes(value);
}

export function findDesignStyle(id: string | undefined) {
  return DESIGN_STYLES.find((s) => s.id === id);
}

export function findFurnitureType(id: string | undefined) {
  return FURNITURE_TYPES.find((t) => t.id === id);
}

export function stylePhrase(style: string | undefined): string {
  return findDesignStyle(style)?.phrase ?? GENERIC_STYLE_PHRASE;
}

export function roomPhrase(type: string | undefined): string {
  return findFurnitureType(type)?.roomPhrase ?? GENERIC_ROOM_PHRASE;
}

/** Spec §3: the style phrase, then 'for a', then the type's room phrase. */
export function buildAutoPrompt(style: string | undefined, type: string | undefined): string {
  return `${stylePhrase(style)} for a ${roomPhrase(type)}`;
}

export function customPromptOrFallback(text: string | undefined | null): string {
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? CUSTOM_PROMPT_FALLBACK : trimmed;
}

export interface PromptChoice {
  mode: PromptMode;
  style?: string | undefined;
  furnitureType?: string | undefined;
  /** The auto prompt after the user edited it (Edit Prompt / Done Editing). */
  editedPrompt?: string | undefined;
  customPrompt?: string | undefined;
}

/** The prompt text actually sent for staging. */
export function resolvePrompt(choice: PromptChoice): string {
  if (choice.mode === 'custom') return customPromptOrFallback(choice.customPrompt);
  const edited = choice.editedPrompt?.trim();
  return edited ? edited : buildAutoPrompt(choice.style, choice.furnitureType);
}

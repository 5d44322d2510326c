/**
 * The simulated eBay's catalogue: a few furniture categories with the aspects each requires and
 * the conditions each allows, as eBay's Taxonomy and Metadata APIs describe real ones.
 */
export interface SimCategory {
  id: string;
  name: string;
  ancestors: string[];
  keywords: string[];
  conditions: string[];
  aspects: { name: string; required: boolean; values: string[]; freeText: boolean }[];
}

const FURNITURE = ['Home & Garden', 'Furniture'];
/** eBay's furniture categories allow New, New other, Used and For parts. */
const FURNITURE_CONDITIONS = ['1000', '1500', '3000', '7000'];
const MATERIAL = {
  name: 'Material',
  required: true,
  values: ['Wood', 'Metal', 'Glass', 'Leather', 'Fabric', 'Rattan'],
  freeText: true,
};
const COLOR = {
  name: 'Color',
  required: false,
  values: ['Black', 'Brown', 'White', 'Gray', 'Green', 'Blue'],
  freeText: true,
};
const BRAND = {
  name: 'Brand',
  required: false,
  values: ['Unbranded', 'IKEA', 'Herman Miller', 'Ethan Allen'],
  freeText: true,
};
const type = (values: string[]) => ({ name: 'Type', required: true, values, freeText: false });

export const SIM_CATEGORIES: SimCategory[] = [
  {
    id: '54235',
    name: 'Chairs',
    ancestors: FURNITURE,
    keywords: ['chair', 'armchair', 'stool', 'recliner', 'seat'],
    conditions: FURNITURE_CONDITIONS,
    aspects: [
      type(['Armchair', 'Dining Chair', 'Side Chair', 'Rocking Chair', 'Office Chair']),
      MATERIAL,
      COLOR,
      BRAND,
    ],
  },
  {
    id: '38204',
    name: 'Tables',
    ancestors: FURNITURE,
    keywords: ['table', 'desk', 'nightstand', 'console'],
    conditions: FURNITURE_CONDITIONS,
    aspects: [type(['Coffee Table', 'Dining Table', 'Side Table', 'Console Table', 'Desk']), MATERIAL, COLOR, BRAND],
  },
  {
    id: '38208',
    name: 'Sofas, Loveseats & Chaises',
    ancestors: FURNITURE,
    keywords: ['sofa', 'couch', 'loveseat', 'settee', 'chaise'],
    conditions: FURNITURE_CONDITIONS,
    aspects: [type(['Sofa', 'Loveseat', 'Sectional', 'Chaise']), MATERIAL, COLOR, BRAND],
  },
  {
    id: '103430',
    name: 'Dressers & Chests of Drawers',
    ancestors: FURNITURE,
    keywords: ['dresser', 'drawers', 'chest', 'cabinet', 'sideboard', 'bookcase', 'shelf'],
    conditions: FURNITURE_CONDITIONS,
    aspects: [type(['Dresser', 'Chest of Drawers', 'Sideboard', 'Bookcase']), MATERIAL, COLOR, BRAND],
  },
  {
    id: '112581',
    name: 'Lamps',
    ancestors: ['Home & Garden', 'Lamps, Lighting & Ceiling Fans'],
    keywords: ['lamp', 'light', 'lighting'],
    conditions: ['1000', '1500', '3000', '7000'],
    aspects: [type(['Table Lamp', 'Floor Lamp', 'Desk Lamp']), COLOR, BRAND],
  },
  {
    // Antiques are used by definition: eBay allows only Used here.
    id: '20091',
    name: 'Antique Furniture',
    ancestors: ['Antiques'],
    keywords: ['antique', 'vintage', 'victorian', 'mid-century'],
    conditions: ['3000'],
    aspects: [
      { name: 'Original/Reproduction', required: true, values: ['Antique Original', 'Reproduction'], freeText: false },
      MATERIAL,
    ],
  },
  {
    id: '3197',
    name: 'Other Furniture',
    ancestors: FURNITURE,
    keywords: [],
    conditions: FURNITURE_CONDITIONS,
    aspects: [MATERIAL, COLOR, BRAND],
  },
];

export const categoryById = (id: string) => SIM_CATEGORIES.find((c) => c.id === id);

/** Categories whose keywords the query names, best match first; Other Furniture when none does. */
export function suggestCategories(query: string): SimCategory[] {
  const words = query
    .toLowerCase()
    .split(/[^a-z-]+/)
    .filter(Boolean);
  const scored = SIM_CATEGORIES.map((c) => ({
    c,
    score: c.keywords.filter((k) => words.some((w) => w.startsWith(k))).length,
  }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((s) => s.c);
  return scored.length ? scored.slice(0, 5) : [categoryById('3197')!];
}

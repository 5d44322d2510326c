/**
 * A light English stemmer for listing words (an S-stemmer with the common -ed/-ing endings, in
 * the spirit of Porter's first step): plurals and inflections of one word meet on one stem, so
 * "dressers" finds "dresser", "benches" a bench, "shelves" a shelf and "painted" finds "paint".
 * Stems need not be words; the same function runs on what is stored and on what is searched.
 */
const IRREGULAR: Record<string, string> = {
  shelves: 'shelf',
  halves: 'half',
  leaves: 'leaf',
  knives: 'knife',
  loaves: 'loaf',
  scarves: 'scarf',
  wolves: 'wolf',
  children: 'child',
  men: 'man',
  women: 'woman',
  feet: 'foot',
  geese: 'goose',
  mice: 'mouse',
};

/** Words the endings below would break: kept as they are. */
const KEEP = new Set(['glass', 'chess', 'dress', 'press', 'series', 'species', 'news', 'canvas', 'always', 'lens', 'bus', 'gas']);

const VOWEL = /[aeiouy]/;

function undouble(word: string): string {
  return /([^aeiouylsz])\1$/.test(word) ? word.slice(0, -1) : word;
}

function plural(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|x|z|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('oes') && word.length > 4) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is|ous)$/.test(word)) return word.slice(0, -1);
  return word;
}

function inflection(word: string): string {
  for (const ending of ['ing', 'ed']) {
    if (!word.endsWith(ending)) continue;
    const base = word.slice(0, -ending.length);
    // "bed", "red", "king", "string": too short a base, or no vowel, is no inflection.
    if (base.length < 4 || !VOWEL.test(base)) return word;
    if (ending === 'ed' && base.endsWith('i')) return `${base.slice(0, -1)}y`;
    return undouble(base);
  }
  return word;
}

export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word) || KEEP.has(word)) return word;
  const irregular = IRREGULAR[word];
  if (irregular) return irregular;
  const stemmed = inflection(plural(word));
  // "table" and "tables", "carve" and "carved" meet once a final silent e goes.
  return stemmed.length > 4 && stemmed.endsWith('e') ? stemmed.slice(0, -1) : stemmed;
}

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface HomePayload {
  jsKb: number;
  cssKb: number;
  chunks: number;
  budgetKb: number;
  withinBudget: boolean;
}

/** The home route's initial chunks: the entry, the home route and what they import statically. */
export declare function homeInitialChunks(manifest: Record<string, ManifestChunk>): ManifestChunk[];
/** The home route's initial JS and CSS (gzip KB) in the build at dir, and whether the JS is within budgetKb. */
export declare function homeInitialPayload(dir: string, budgetKb: number): HomePayload;

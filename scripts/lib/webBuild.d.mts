export declare const WEB_BUILD_CACHE: string;
export declare function viteSettings(env: Record<string, string | undefined>): Record<string, string>;
export declare function webBuildInputs(env?: Record<string, string | undefined>): {
  key: string;
  sources: string;
  settings: Record<string, string>;
};
/** The production build for these VITE_ settings: reused when one exists, else made now. */
export declare function ensureWebBuild(options?: {
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
}): { dir: string; key: string; reused: boolean };

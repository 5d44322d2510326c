/** Types for the part of vendorPackages.mjs the tests import. */
export declare const ENGINE_MODELS: readonly { file: string; source: () => string }[];
export declare function copyEngineModels(outDir: string): void;

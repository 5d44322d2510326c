export declare function readDotenv(path: string): Record<string, string>;
export declare function deployParamProblems(functionsDir: string, projectId: string | undefined): string[];

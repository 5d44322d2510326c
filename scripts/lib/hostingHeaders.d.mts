import type { PageSources } from '@flipstage/core';

export interface HeaderRule {
  regex: string;
  headers: Array<{ key: string; value: string }>;
}
export interface HostingConfig {
  hosting: { headers?: Array<HeaderRule | { source: string; headers: Array<{ key: string; value: string }> }> };
}
/** Every path but Firebase's reserved /__/ ones. */
export declare const SECURITY_HEADERS_REGEX: string;
export declare function readPageSources(webDir: string): PageSources;
export declare function securityHeaderRule(sources: PageSources, options: { https: boolean }): HeaderRule;
export declare function withSecurityRule<T extends HostingConfig>(config: T, rule: HeaderRule): T;
export declare function securityRuleProblems(config: HostingConfig, rule: HeaderRule): string[];
export declare function writeRunSecurityHeaders(configPath: string, webDir: string): void;

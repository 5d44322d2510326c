export interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  optional?: boolean;
  dev?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  license?: string;
  engines?: Record<string, string>;
  hasInstallScript?: boolean;
}

export interface Lockfile {
  name?: string;
  lockfileVersion: number;
  requires?: boolean;
  packages: Record<string, LockEntry & { name?: string }>;
}

export declare function deployLockfile(
  rootLock: Lockfile,
  deploy: { name: string; dependencies: Record<string, string>; from: Record<string, string> },
): Lockfile;

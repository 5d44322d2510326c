/**
 * The deploy package's package-lock.json, cut from the repository's own lockfile: Cloud Build
 * runs `npm ci` on functions/lib, which needs a lockfile, and the versions deployed must be the
 * ones the tests ran against. Each dependency is resolved as Node resolves it (the nearest
 * node_modules up the tree), starting from the workspace that declares it.
 */

const REGISTRY = 'https://registry.npmjs.org/';
const KEPT_FIELDS = [
  'version',
  'resolved',
  'integrity',
  'license',
  'dependencies',
  'optionalDependencies',
  'peerDependencies',
  'peerDependenciesMeta',
  'engines',
  'os',
  'cpu',
  'libc',
  'bin',
  'hasInstallScript',
  'optional',
];

/** The lock path a package `name` resolves to when required from `fromPath` ('' is the root). */
function resolveFrom(packages, fromPath, name) {
  let base = fromPath;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate] && !packages[candidate].link) return candidate;
    if (!base) return null;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent === -1 ? '' : base.slice(0, parent);
  }
}

function requiredPeers(entry) {
  const meta = entry.peerDependenciesMeta ?? {};
  return Object.keys(entry.peerDependencies ?? {}).filter((name) => !meta[name]?.optional);
}

/** Moves a workspace's nested node_modules (functions/node_modules/x) to the deploy root. */
function deployPath(lockPath, workspaces) {
  const workspace = workspaces.find((folder) => lockPath.startsWith(`${folder}/node_modules/`));
  return workspace ? lockPath.slice(workspace.length + 1) : lockPath;
}

/**
 * @param {{ packages: Record<string, any> }} rootLock the repository's package-lock.json
 * @param {{ name: string, dependencies: Record<string, string>, from: Record<string, string> }} deploy
 *   the deploy package's name and dependencies, and for each dependency the workspace folder
 *   (e.g. 'functions') that declares it
 */
export function deployLockfile(rootLock, deploy) {
  const { packages } = rootLock;
  const workspaces = [...new Set(Object.values(deploy.from))];
  const chosen = new Map();
  const queue = [];
  const problems = [];

  const visit = (fromPath, name, { optional }) => {
    const found = resolveFrom(packages, fromPath, name);
    if (!found) {
      if (!optional) problems.push(`${name} (required by ${fromPath || 'the deploy package'}) is not in package-lock.json`);
      return;
    }
    if (chosen.has(found)) return;
    chosen.set(found, packages[found]);
    queue.push(found);
  };

  for (const name of Object.keys(deploy.dependencies)) visit(deploy.from[name], name, { optional: false });
  while (queue.length > 0) {
    const path = queue.shift();
    const entry = packages[path];
    for (const name of Object.keys(entry.dependencies ?? {})) visit(path, name, { optional: false });
    for (const name of Object.keys(entry.optionalDependencies ?? {})) visit(path, name, { optional: true });
    for (const name of requiredPeers(entry)) visit(path, name, { optional: false });
  }

  const out = {};
  for (const [lockPath, entry] of [...chosen].sort(([a], [b]) => a.localeCompare(b))) {
    if (entry.resolved && !entry.resolved.startsWith(REGISTRY)) {
      problems.push(`${lockPath} comes from ${entry.resolved}, outside the npm registry`);
    }
    const path = deployPath(lockPath, workspaces);
    if (out[path] && out[path].version !== entry.version) {
      problems.push(`${path} is needed at ${out[path].version} and ${entry.version}`);
    }
    out[path] = Object.fromEntries(KEPT_FIELDS.filter((field) => field in entry).map((field) => [field, entry[field]]));
  }
  if (problems.length > 0) throw new Error(`Cannot write the deploy lockfile:\n- ${problems.join('\n- ')}`);

  return {
    name: deploy.name,
    lockfileVersion: 3,
    requires: true,
    packages: { '': { name: deploy.name, dependencies: deploy.dependencies }, ...out },
  };
}

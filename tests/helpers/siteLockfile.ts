// A package-lock.json for a throwaway site that installs the packed tarball plus the given packages.
//
// Every entry comes from the project's own package-lock.json, so `npm install --offline` in that site
// needs only the tarballs a fresh `npm install` of the project put in npm's cache (found by their
// integrity), never registry metadata (which a lockfile install does not cache).

interface LockEntry {
  version?: string
  integrity?: string
  resolved?: string
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
  [key: string]: unknown
}

interface Lockfile {
  lockfileVersion: number
  packages: Record<string, LockEntry>
}

/** The flags npm derives for the project's own tree; the site's tree is different, so npm recomputes them. */
const derivedFlags = ['dev', 'optional', 'devOptional', 'peer']

/**
 * Finds where `name` resolves from the package at `from` in a lockfile tree (Node's walk up the
 * `node_modules` folders).
 */
function resolveIn(packages: Lockfile['packages'], from: string, name: string): string | undefined {
  let base = from
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`
    if (packages[candidate]) return candidate
    if (!base) return undefined
    const cut = base.lastIndexOf('node_modules/')
    base = cut <= 0 ? '' : base.slice(0, cut - 1)
  }
}

/**
 * Builds the site's lockfile.
 *
 * @param project - the project's parsed package-lock.json
 * @param tarball - the packed tarball's file name, relative to the site
 * @param packed - the project's package.json (name, version, dependencies, peer dependencies)
 * @param extra - packages the site depends on besides the tarball (taken at the project's locked version)
 * @returns the site's package.json and package-lock.json contents
 */
export function siteLockfile(
  project: Lockfile,
  tarball: string,
  packed: { name: string; version: string; dependencies?: Record<string, string>; peerDependencies?: Record<string, string>; peerDependenciesMeta?: Record<string, { optional?: boolean }> },
  extra: string[],
): { manifest: Record<string, unknown>; lockfile: Lockfile } {
  const dependencies: Record<string, string> = { [packed.name]: `file:${tarball}` }
  for (const name of extra) {
    const entry = project.packages[`node_modules/${name}`]
    if (!entry?.version) throw new Error(`${name} is not in the project's package-lock.json`)
    dependencies[name] = entry.version
  }
  const packages: Lockfile['packages'] = {
    '': { name: 'site', dependencies },
    [`node_modules/${packed.name}`]: {
      version: packed.version,
      resolved: `file:${tarball}`,
      dependencies: packed.dependencies,
      peerDependencies: packed.peerDependencies,
      peerDependenciesMeta: packed.peerDependenciesMeta,
    },
  }
  // Walk the dependency closure of the tarball's dependencies and the extras, as the project's tree
  // resolves them (the tarball sits where the project's root sits, so its dependencies resolve alike).
  const queue: Array<[from: string, name: string, optional: boolean]> = [
    ...Object.keys(packed.dependencies ?? {}).map((name) => ['', name, false] as [string, string, boolean]),
    ...extra.map((name) => ['', name, false] as [string, string, boolean]),
  ]
  while (queue.length) {
    const [from, name, optional] = queue.shift() as [string, string, boolean]
    const path = resolveIn(project.packages, from, name)
    if (!path) {
      if (optional) continue
      throw new Error(`${name} (needed by ${from || 'the package'}) is not in the project's package-lock.json`)
    }
    if (packages[path]) continue
    const entry: LockEntry = { ...project.packages[path] }
    for (const flag of derivedFlags) delete entry[flag]
    packages[path] = entry
    for (const dep of Object.keys(entry.dependencies ?? {})) queue.push([path, dep, false])
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) queue.push([path, dep, true])
    for (const [dep, range] of Object.entries(entry.peerDependencies ?? {})) {
      // A required peer is part of the tree; an optional one only when the tree already has it.
      if (!entry.peerDependenciesMeta?.[dep]?.optional && range) queue.push([path, dep, true])
    }
  }
  return {
    manifest: { name: 'site', private: true, type: 'module', dependencies },
    lockfile: { name: 'site', lockfileVersion: 3, requires: true, packages } as Lockfile,
  }
}

import type { Plugin, Rollup } from 'vite';

/**
 * Trims the preload lists Vite writes beside each dynamic import. Vite lists every chunk the imported one
 * needs, including those the importing chunk itself imports statically: those are loaded before the
 * importer runs, so listing them only adds their names to the importer (in the entry, `/`'s first load).
 */
export function preloadOnlyWhatIsMissing() {
  let bundle: Rollup.OutputBundle | undefined;

  /** The chunks a chunk has loaded before it runs: itself and its static imports, transitively. */
  function loadedWith(fileName: string, into = new Set<string>()): Set<string> {
    if (into.has(fileName)) return into;
    into.add(fileName);
    const chunk = bundle?.[fileName];
    if (chunk?.type === 'chunk') for (const imported of chunk.imports) loadedWith(imported, into);
    return into;
  }

  const plugin: Plugin = {
    name: 'vendo:preload-only-what-is-missing',
    apply: 'build',
    // Runs before Vite's own generateBundle, which calls resolveDependencies below.
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
      },
    },
  };

  function resolveDependencies(
    _file: string,
    deps: string[],
    { hostId, hostType }: { hostId: string; hostType: 'html' | 'js' },
  ) {
    if (hostType !== 'js' || !bundle) return deps;
    const loaded = loadedWith(hostId);
    return deps.filter((dep) => !loaded.has(dep));
  }

  return { plugin, resolveDependencies };
}

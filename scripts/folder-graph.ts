// Which folders of an app import which: the graph the import rules are drawn on, and its cycles.
// `node scripts/folder-graph.ts apps/web/src` prints it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Folder → the folders its files import, each with one file that does it (to name in a failure). */
export type FolderGraph = Map<string, Map<string, string>>;

const sourceFile = /\.(ts|tsx)$/;
const testFile = /\.test(-d)?\.(ts|tsx)$/;
const specifiers = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return sourceFile.test(entry.name) && !testFile.test(entry.name) ? [path] : [];
  });
}

/**
 * The unit a file belongs to: its top folder under `root` (a feature counts on its own, as
 * `features/wallet`); a file at the top is a unit of its own, as composition roots are.
 */
export function unitOf(root: string, file: string): string {
  const parts = relative(root, file).split(sep);
  if (parts.length === 1) return parts[0] ?? '';
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  return parts[0] ?? '';
}

export function folderGraph(rootFolder: string): FolderGraph {
  const root = resolve(rootFolder);
  const graph: FolderGraph = new Map();
  for (const file of sourceFiles(root)) {
    const from = unitOf(root, file);
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(specifiers)) {
      const target = resolve(dirname(file), specifier ?? '');
      if (relative(root, target).startsWith('..')) continue;
      const to = unitOf(root, target);
      if (to !== from && !edges.has(to)) edges.set(to, relative(root, file));
    }
  }
  return graph;
}

/** Strongly connected groups of more than one unit (Tarjan): each one is a folder cycle. */
export function cycles(graph: FolderGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (unit: string) => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit) ?? 0);
    stack.push(unit);
    for (const next of graph.get(unit)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(unit, Math.min(low.get(unit) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(unit, Math.min(low.get(unit) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(unit) !== index.get(unit)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member !== undefined) group.push(member);
    } while (member !== unit && member !== undefined);
    if (group.length > 1) found.push(group.sort());
  };
  for (const unit of graph.keys()) if (!index.has(unit)) visit(unit);
  return found;
}

/** One line per unit: `routes → http, services`. */
export function describe(graph: FolderGraph): string {
  return [...graph.keys()]
    .sort()
    .map((unit) => `${unit} → ${[...(graph.get(unit)?.keys() ?? [])].sort().join(', ') || '(nothing)'}`)
    .join('\n');
}

if (import.meta.main) {
  for (const folder of process.argv.slice(2)) {
    const graph = folderGraph(folder);
    console.log(`${folder}\n${describe(graph)}\ncycles: ${JSON.stringify(cycles(graph))}\n`);
  }
}

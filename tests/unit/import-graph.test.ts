/**
 * The import structure of the project's own code (docs/decisions/0004-declarations-and-engine.md), read with TypeScript's own
 * module resolution: every `import`, `export … from` and `import()` (type-only ones included) is an edge.
 *
 * - No import circle anywhere (src, resources, server, dataProvider, authProvider, i18n, tests, bench).
 * - resources/ (the declarations, which the server and the browser both load) reaches nothing from src/ or server/ and
 *   no UI package (React, MUI, react-admin, react-router), directly or through another module.
 * - server/ imports nothing from src/, and what the server loads reaches no UI package.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const DIRECTORIES = ['src', 'resources', 'server', 'dataProvider', 'authProvider', 'i18n', 'tests', 'bench'];
const UI_PACKAGE = /^(react|react-dom|react-admin|ra-[a-z-]+|@mui\/.+|@emotion\/.+|react-router|react-router-dom|react-leaflet)(\/.*)?$/;

interface ModuleNode {
  /** Project files it imports (relative to the root). */
  files: string[];
  /** Packages it imports (bare specifiers). */
  packages: string[];
}

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function sourceFiles(directory: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(full));
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(full);
  }
  return found;
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The import graph of the project's files, keyed by path relative to the root. */
function importGraph(): Map<string, ModuleNode> {
  const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  const cache = ts.createModuleResolutionCache(ROOT, (name) => name, options);
  const graph = new Map<string, ModuleNode>();
  for (const file of DIRECTORIES.flatMap((directory) => sourceFiles(path.join(ROOT, directory)))) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const node: ModuleNode = { files: [], packages: [] };
    for (const { fileName: specifier } of info.importedFiles) {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys, cache).resolvedModule;
      const inProject = resolved && !resolved.isExternalLibraryImport && !resolved.resolvedFileName.includes(`${path.sep}node_modules${path.sep}`);
      if (inProject) node.files.push(relative(resolved.resolvedFileName));
      else if (!specifier.startsWith('.')) node.packages.push(packageName(specifier));
    }
    graph.set(relative(file), node);
  }
  return graph;
}

/** The import circles: strongly connected components of more than one file, or a file importing itself. */
function importCircles(graph: Map<string, ModuleNode>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file)?.files ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)!.files.includes(file)) circles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

/** Every file the given ones load, themselves included, each with the chain that reaches it. */
function reachable(graph: Map<string, ModuleNode>, starts: readonly string[]): Map<string, string[]> {
  const chains = new Map<string, string[]>(starts.map((file) => [file, [file]]));
  const queue = [...starts];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file)?.files ?? []) {
      if (chains.has(next)) continue;
      chains.set(next, [...chains.get(file)!, next]);
      queue.push(next);
    }
  }
  return chains;
}

/** What the given files load that they must not: files under `forbiddenDirectories` or UI packages, with the chain. */
function forbiddenReach(graph: Map<string, ModuleNode>, starts: readonly string[], forbiddenDirectories: readonly string[]): string[] {
  const found: string[] = [];
  for (const [file, chain] of reachable(graph, starts)) {
    if (forbiddenDirectories.some((directory) => file.startsWith(`${directory}/`))) found.push(chain.join(' → '));
    for (const name of graph.get(file)?.packages ?? []) if (UI_PACKAGE.test(name)) found.push(`${chain.join(' → ')} → ${name}`);
  }
  return found;
}

describe('import graph', () => {
  const graph = importGraph();
  const under = (directory: string) => [...graph.keys()].filter((file) => file.startsWith(`${directory}/`));

  it('reads the project (sanity: the graph holds the declarations, the engine and the server)', () => {
    expect(graph.get('resources/index.ts')?.files).toContain('resources/types.ts');
    expect(graph.get('src/App.tsx')?.packages).toContain('react-admin');
    expect(graph.get('src/App.tsx')?.files).toContain('resources/references.ts');
    expect(under('server').length).toBeGreaterThan(50);
  });

  it('has no import circle', () => {
    expect(importCircles(graph).map((circle) => circle.join(' ⇄ '))).toEqual([]);
  });

  it('finds a circle when there is one (the check itself)', () => {
    const sample = new Map<string, ModuleNode>([
      ['a.ts', { files: ['b.ts'], packages: [] }],
      ['b.ts', { files: ['c.ts'], packages: [] }],
      ['c.ts', { files: ['a.ts'], packages: [] }],
      ['d.ts', { files: ['a.ts', 'd.ts'], packages: [] }],
    ]);
    expect(importCircles(sample)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
  });

  it('finds a forbidden module reached through another one (the check itself)', () => {
    const sample = new Map<string, ModuleNode>([
      ['resources/a.ts', { files: ['resources/b.ts'], packages: ['yup'] }],
      ['resources/b.ts', { files: ['src/c.tsx'], packages: [] }],
      ['src/c.tsx', { files: [], packages: ['@mui/material', 'react'] }],
    ]);
    expect(forbiddenReach(sample, ['resources/a.ts'], ['src'])).toEqual([
      'resources/a.ts → resources/b.ts → src/c.tsx',
      'resources/a.ts → resources/b.ts → src/c.tsx → @mui/material',
      'resources/a.ts → resources/b.ts → src/c.tsx → react',
    ]);
  });

  it('resources/ loads nothing from src/ or server/ and no UI package, directly or through another module', () => {
    const declarations = under('resources').filter((file) => !isTest(file));
    expect(declarations.length).toBeGreaterThan(20);
    expect(forbiddenReach(graph, declarations, ['src', 'server', 'dataProvider', 'authProvider'])).toEqual([]);
  });

  it('server/ imports nothing from src/, and what the server loads reaches no UI package', () => {
    const server = under('server');
    const fromSrc = server.flatMap((file) => graph.get(file)!.files.filter((target) => target.startsWith('src/')).map((target) => `${file} → ${target}`));
    expect(fromSrc).toEqual([]);
    expect(forbiddenReach(graph, server.filter((file) => !isTest(file)), ['src'])).toEqual([]);
  });
});

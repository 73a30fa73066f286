/**
 * The parts the browser loads (docs/decisions/0022-first-load-budget.md; i18n/es/loading.ts): what a signed-out visitor
 * sees uses only the sign-in areas (the rest arrives after sign-in), and no text is defined in two areas.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../resources/areas';
import { choiceKey } from '../resources/types';
import { ENGINE_PARTS, type MessagePart } from '../src/shared/i18nProvider';
import { areaMessages, messageParts, signedInMessages, signInMessages, spanishMessages } from './es/index';
import { lookup, type MessageTree } from './translate';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The code that renders or answers before sign-in: public pages, sign-in forms, react-admin's pages, providers. */
const SIGNED_OUT = [
  'src/auth',
  'src/pages/HomePage.tsx',
  'src/pages/NotFoundPage.tsx',
  'src/pages/PublicShell.tsx',
  'src/pages/TermsPage.tsx',
  'src/shared/AppAdmin.tsx',
  'src/shared/adminPages.tsx',
  'src/shared/CookiesNotice.tsx',
  'src/shared/Spinner.tsx',
  'src/routes/usePageTitle.ts',
  'src/App.tsx',
  'authProvider',
  'dataProvider/errors.ts',
];
const NAMESPACES = Object.keys(spanishMessages).filter((name) => typeof (spanishMessages as Record<string, unknown>)[name] === 'object');
const KEY = new RegExp(`(['"\`])((?:${NAMESPACES.join('|')})\\.[A-Za-z0-9_.]*[A-Za-z0-9_])\\1`, 'g');

function files(entry: string): string[] {
  const full = path.join(root, entry);
  if (fs.statSync(full).isFile()) return [full];
  return fs.readdirSync(full).flatMap((name) => (/\.test\.tsx?$/.test(name) ? [] : files(path.join(entry, name))));
}

function leaves(tree: MessageTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`)));
}

/** Each key's owner among `parts` (after those of `owner`), and the keys two of them define. */
function keyOwners(parts: Record<string, unknown>, owner = new Map<string, string>()): { owner: Map<string, string>; twice: string[] } {
  const twice: string[] = [];
  for (const [name, part] of Object.entries(parts)) {
    const keys = leaves(part as MessageTree);
    expect(keys.length, name).toBeGreaterThan(0);
    for (const key of keys) {
      if (owner.has(key)) twice.push(`${key} (${owner.get(key)}, ${name})`);
      else owner.set(key, name);
    }
  }
  return { owner, twice };
}

describe('Spanish messages in two parts', () => {
  it('the signed-out code uses only keys of the sign-in part', () => {
    const used = new Map<string, string>();
    for (const file of SIGNED_OUT.flatMap(files).filter((name) => /\.tsx?$/.test(name))) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(KEY)) used.set(match[2]!, path.relative(root, file));
    }
    expect(used.size).toBeGreaterThanOrEqual(20);
    const outside = [...used].filter(([key]) => lookup(signInMessages as unknown as MessageTree, key) === undefined).map(([key, file]) => `${key} (${file})`);
    expect(outside).toEqual([]);
  });

  it('defines every text once, in one part or another', () => {
    const signIn = leaves(signInMessages as unknown as MessageTree);
    expect(signIn).toContain('validation.login.email_required');
    expect(leaves(signedInMessages as unknown as MessageTree)).toContain('validation.required');
    expect(leaves(messageParts.newSite as unknown as MessageTree)).toContain('newSite.steps.site');
    expect(leaves(messageParts.siteDetail as unknown as MessageTree)).toContain('siteDetail.tabs.info');
    expect(leaves(messageParts.deactivation as unknown as MessageTree).length).toBeGreaterThan(0);
    const { owner, twice } = keyOwners(messageParts, new Map(signIn.map((key) => [key, 'signIn'])));
    expect(twice).toEqual([]);
    expect(leaves(spanishMessages as unknown as MessageTree)).toHaveLength(owner.size);
  });

  it('defines every text in one area file only (the signed-in part joins several)', () => {
    const { owner, twice } = keyOwners(areaMessages);
    expect(twice).toEqual([]);
    expect(leaves(spanishMessages as unknown as MessageTree)).toHaveLength(owner.size);
  });
});

/**
 * Each part after the sign-in one is added by the screens and dialogs that name it: `withMessages([parts], () =>
 * import('…'))` (src/routes/lazyScreen.ts, on-demand dialogs). The code such a chunk reaches — its
 * module and what it imports statically, plus what it imports dynamically without naming parts of its own (an on-demand
 * dialog inside the screen), down to the first chunk's modules — uses only keys of the sign-in part, the signed-in part
 * (always loaded with the others) and the parts it names.
 */
describe('each lazily loaded screen finds its texts', () => {
  const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[\w*{}\s,$]+?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
  const DYNAMIC_IMPORT = /import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
  const WITH_MESSAGES = /withMessages\(\s*(\[[^\]]*\]|ENGINE_PARTS)\s*,\s*\(\)\s*=>\s*import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
  /** Quoted strings that look like keys but are not messages (as i18n/keys.test.ts): area keys, a form path. */
  const NOT_MESSAGES = new Set<string>([...Object.keys(AREAS), 'audience.departments']);

  function resolveImport(from: string, specifier: string): string | undefined {
    const base = path.resolve(path.dirname(from), specifier);
    return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
      (candidate) => /\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
    );
  }
  const edges = (file: string, pattern: RegExp) =>
    [...fs.readFileSync(file, 'utf8').matchAll(pattern)].flatMap((match) => resolveImport(file, match[1]!) ?? []).filter((target) => !target.includes(`${path.sep}i18n${path.sep}es${path.sep}`));

  /** The first chunk's modules: src/main.tsx, the admin it loads (src/adminRoot.tsx) and their static imports (their keys are checked by i18n/keys.test.ts). */
  const entry = new Set<string>();
  for (const queue = [path.join(root, 'src/main.tsx'), path.join(root, 'src/adminRoot.tsx')]; queue.length > 0; ) {
    const file = queue.pop()!;
    if (entry.has(file)) continue;
    entry.add(file);
    queue.push(...edges(file, STATIC_IMPORT));
  }

  interface Unit {
    module: string;
    parts: MessagePart[];
    declaredIn: string;
  }
  const units: Unit[] = files('src')
    .filter((file) => /\.tsx?$/.test(file))
    .flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(WITH_MESSAGES)].map((match) => ({
        module: resolveImport(file, match[2]!)!,
        parts: match[1] === 'ENGINE_PARTS' ? [...ENGINE_PARTS] : ([...match[1]!.matchAll(/'(\w+)'/g)].map((part) => part[1]) as MessagePart[]),
        declaredIn: path.relative(root, file),
      })),
    );
  const unitModules = new Set(units.map((unit) => unit.module));

  /** The files a unit's chunk brings: static imports, and dynamic ones that wait for no parts of their own. */
  function reached(module: string): string[] {
    const seen = new Set<string>();
    for (const queue = [module]; queue.length > 0; ) {
      const file = queue.pop()!;
      if (seen.has(file) || entry.has(file)) continue;
      seen.add(file);
      queue.push(...edges(file, STATIC_IMPORT), ...edges(file, DYNAMIC_IMPORT).filter((target) => !unitModules.has(target)));
    }
    return [...seen];
  }

  function usedKeys(filesReached: string[]): Map<string, string> {
    const used = new Map<string, string>();
    for (const file of filesReached) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(KEY)) if (!NOT_MESSAGES.has(match[2]!)) used.set(match[2]!, path.relative(root, file));
    }
    return used;
  }

  /** The keys of `used` that the sign-in part, the signed-in part and `parts` do not define. */
  function missing(used: Map<string, string>, parts: readonly MessagePart[]): string[] {
    const available = [signInMessages, signedInMessages, ...parts.map((name) => messageParts[name])] as unknown as MessageTree[];
    return [...used].filter(([key]) => available.every((part) => lookup(part, key) === undefined)).map(([key, file]) => `${key} (${file})`);
  }

  const unitOf = (module: string) => units.find((unit) => path.relative(root, unit.module) === module)!;

  it('finds the screens and dialogs that wait for parts', () => {
    for (const module of [
      'src/layout/AppLayout.tsx',
      'src/sites/SiteListPage.tsx',
      'src/audit/AuditListPage.tsx',
      'src/users/UsersPage.tsx',
      'src/engine/index.ts',
      'src/sites/detail/SiteDetailPage.tsx',
      'src/users/deactivation/index.ts',
      'src/newSite/index.ts',
      'src/sites/loads/index.ts',
      'src/sites/bulkFile/BulkFileDialog.tsx',
      'src/sites/groups/GroupScreens.tsx',
    ]) {
      expect(unitOf(module), module).toBeDefined();
    }
    // Every lazily loaded screen of the route table but the recovery page (sign-in part only) names its parts.
    const lazyScreens = fs.readFileSync(path.join(root, 'src/routes/lazyScreen.ts'), 'utf8');
    expect(units.filter((unit) => unit.declaredIn === path.join('src', 'routes', 'lazyScreen.ts'))).toHaveLength([...lazyScreens.matchAll(/import\('/g)].length - 1);
    expect(usedKeys(reached(unitOf('src/users/UsersPage.tsx').module)).size).toBeGreaterThanOrEqual(50);
  });

  it("every key a chunk's code uses is in the parts it waits for", () => {
    const outside = units.flatMap((unit) => missing(usedKeys(reached(unit.module)), unit.parts).map((key) => `${path.relative(root, unit.module)} [${unit.parts.join(', ')}]: ${key}`));
    expect(outside).toEqual([]);
  });

  it('fails when a screen does not wait for the part of its texts', () => {
    const cases: Array<[string, MessagePart]> = [
      ['src/audit/AuditListPage.tsx', 'audit'],
      ['src/users/UsersPage.tsx', 'users'],
      ['src/sites/loads/index.ts', 'loads'],
      ['src/sites/detail/SiteDetailPage.tsx', 'audience'],
    ];
    for (const [module, part] of cases) {
      const unit = unitOf(module);
      expect(missing(usedKeys(reached(unit.module)), unit.parts.filter((name) => name !== part)).length, `${module} without ${part}`).toBeGreaterThan(0);
    }
  });

  it('the site list and the layout use only the sign-in and signed-in parts (the first load)', () => {
    for (const module of ['src/layout/AppLayout.tsx', 'src/sites/SiteListPage.tsx']) expect(unitOf(module).parts).toEqual([]);
    // A key the list builds at run time (a pending request's kind, src/sites/SiteTable.tsx) escapes the scan: it is there too.
    expect(lookup(signedInMessages as unknown as MessageTree, choiceKey('siterequests', 'kind', 'FirstTime'))).toBe('Primera vez');
    // The route titles (resources/areas.ts, in the first chunk) are shown by the layout (page title, menu).
    expect(missing(usedKeys([path.join(root, 'resources/areas.ts')]), [])).toEqual([]);
    // Including the titles and the settings rows it builds from a declaration's name (`resources.<name>.title`).
    const built = Object.values(AREAS).flatMap((area) => {
      const row = 'settings' in area ? (area.settings as { title: string; description: string }) : undefined;
      return [area.title, ...(row ? [row.title, row.description] : [])];
    });
    expect(built).toContain('resources.audit.title');
    const available = [signInMessages, signedInMessages] as unknown as MessageTree[];
    expect(built.filter((key) => available.every((part) => lookup(part, key) === undefined))).toEqual([]);
  });
});

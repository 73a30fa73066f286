/**
 * The two parts the browser loads (docs/decisions.md 'First-load budget'): what a signed-out visitor sees uses only
 * i18n/es/signIn.ts (the rest arrives after sign-in), and no text is defined in both parts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deactivationMessages, detailMessages, signedInMessages, signInMessages, spanishMessages, wizardMessages } from './es/index';
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
    const signIn = new Set(leaves(signInMessages as unknown as MessageTree));
    const signedIn = leaves(signedInMessages as unknown as MessageTree);
    expect(signIn.has('validation.login.email_required')).toBe(true);
    expect(signedIn).toContain('validation.required');
    const wizard = leaves(wizardMessages as unknown as MessageTree);
    expect(wizard).toContain('newSite.steps.site');
    expect(signedIn.filter((key) => signIn.has(key))).toEqual([]);
    const detail = leaves(detailMessages as unknown as MessageTree);
    expect(detail).toContain('siteDetail.tabs.info');
    const earlier = new Set([...signIn, ...signedIn]);
    expect(wizard.filter((key) => earlier.has(key))).toEqual([]);
    expect(detail.filter((key) => earlier.has(key) || wizard.includes(key))).toEqual([]);
    const deactivation = leaves(deactivationMessages as unknown as MessageTree);
    expect(deactivation.length).toBeGreaterThan(0);
    expect(deactivation.filter((key) => earlier.has(key) || wizard.includes(key) || detail.includes(key))).toEqual([]);
    expect(leaves(spanishMessages as unknown as MessageTree)).toHaveLength(signIn.size + signedIn.length + wizard.length + detail.length + deactivation.length);
  });
});

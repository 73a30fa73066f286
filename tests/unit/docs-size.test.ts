/**
 * The documentation stays short and whole (issue 22): every file under docs/ together ≤ 120 KiB for the core and spec 01's
 * areas plus 4 KiB for each of the four later areas (spec 02 and 03: global content, portal look, messages, reports),
 * README.md ≤ 120 lines,
 * and every relative link or image in README.md and docs/**\/*.md names a file that exists.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const DOCS = path.join(ROOT, 'docs');
const LATER_AREAS = 4;
const DOCS_MAX_BYTES = (120 + 4 * LATER_AREAS) * 1024;
const README_MAX_LINES = 120;

function filesUnder(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Targets of `[text](target)` and `![alt](target)` outside code, without titles and #fragments. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
  const targets: string[] = [];
  for (const match of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1]!);
  for (const match of prose.matchAll(/<img\s[^>]*src="([^"]+)"/g)) targets.push(match[1]!);
  return targets;
}

function brokenLinks(file: string): string[] {
  return linkTargets(fs.readFileSync(file, 'utf8'))
    .filter((target) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(target))
    .filter((target) => {
      const local = decodeURIComponent(target.split('#')[0]!.split('?')[0]!);
      return !fs.existsSync(path.resolve(path.dirname(file), local));
    })
    .map((target) => `${path.relative(ROOT, file)} → ${target}`);
}

describe('documentation', () => {
  it(`docs/ holds at most ${DOCS_MAX_BYTES} bytes`, () => {
    const sizes = filesUnder(DOCS).map((file) => ({ file: path.relative(ROOT, file), bytes: fs.statSync(file).size }));
    const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
    const largest = [...sizes].sort((a, b) => b.bytes - a.bytes).slice(0, 5).map(({ file, bytes }) => `${file} ${bytes}`);
    expect(total, `docs/ suma ${total} bytes; los mayores: ${largest.join(', ')}`).toBeLessThanOrEqual(DOCS_MAX_BYTES);
  });

  it(`README.md has at most ${README_MAX_LINES} lines`, () => {
    const lines = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').replace(/\n$/, '').split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('every relative link and image in README.md and docs/**/*.md exists', () => {
    const pages = [path.join(ROOT, 'README.md'), ...filesUnder(DOCS).filter((file) => file.endsWith('.md'))];
    expect(pages.flatMap(brokenLinks)).toEqual([]);
  });

  it('reads links and images, skipping code', () => {
    const sample = '[a](x.md) ![b](img/y.webp "t") `[c](no.md)` [d](https://e.org) [f](z.md#part)\n```\n[g](no2.md)\n```\n';
    expect(linkTargets(sample)).toEqual(['x.md', 'img/y.webp', 'https://e.org', 'z.md#part']);
  });
});

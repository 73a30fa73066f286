/**
 * Accessibility checks in the browser tests: runs axe-core (WCAG 2 A and AA rules) on the page as
 * it is and returns the serious and critical violations, printed readably for the failure message.
 *
 * axe is injected with page.evaluate (DevTools evaluation), which the page's Content-Security-Policy
 * does not govern, unlike a <script> tag; so the check works under `script-src 'self'`.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;
export const BLOCKING_IMPACTS = ['serious', 'critical'] as const;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: string[]; html: string; failureSummary?: string }>;
}

/**
 * Waits until no finite CSS animation or transition runs (a dialog fading in has no final colours
 * yet); endless ones (a spinner, a skeleton's pulse) never finish and are left alone.
 */
export async function waitForStillPage(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
      .every((animation) => animation.playState !== 'running'),
  );
}

/** The serious and critical WCAG 2 A/AA violations of the page as shown now. */
export async function blockingViolations(page: Page): Promise<AxeViolation[]> {
  await waitForStillPage(page);
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({ target: node.target, html: node.html, failureSummary: node.failureSummary })),
    }));
  }, [...AXE_TAGS]);
  return violations.filter((violation) => (BLOCKING_IMPACTS as readonly string[]).includes(violation.impact ?? ''));
}

/** One readable block per violation: rule, impact, help and the offending elements. */
export function describeViolations(screen: string, violations: readonly AxeViolation[]): string {
  if (violations.length === 0) return `${screen}: sin violaciones`;
  const blocks = violations.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 5)
      .map((node) => `    - ${node.target.join(' ')}\n      ${node.html.slice(0, 200)}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
      .join('\n');
    const more = violation.nodes.length > 5 ? `\n    … y ${violation.nodes.length - 5} elementos más` : '';
    return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
  });
  return `${screen}: ${violations.length} violaciones graves o críticas\n${blocks.join('\n')}`;
}

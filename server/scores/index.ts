/**
 * The scores provider of an app: the one set on its context (tests), else the configured source (SCORES_SOURCE:
 * `platform`, the default, or `portal`). See provider.ts.
 */
import type { AppContext } from '../context';
import { platformScoresSource } from './platformSource';
import { portalScoresSource } from './portalSource';
import type { ScoresProvider } from './provider';

export type { ScoresProvider, ScoredSite } from './provider';
export { platformScoresSource } from './platformSource';
export { portalScoresSource, scoresUnavailable } from './portalSource';

const configured = new WeakMap<AppContext, ScoresProvider>();

export function scoresProviderOf(context: AppContext): ScoresProvider {
  if (context.scoresProvider) return context.scoresProvider;
  let provider = configured.get(context);
  if (!provider) {
    provider = context.config.scoresSource === 'portal' ? portalScoresSource() : platformScoresSource(context.database);
    configured.set(context, provider);
  }
  return provider;
}

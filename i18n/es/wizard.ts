/**
 * The messages of the public request wizard at '/' (src/newSite), a part of their own that the wizard's chunk adds with
 * the signed-in part (whose `validation.site.*` texts its rules share): src/shared/i18nProvider.ts `withMessages`.
 */
import { newSite } from './newSite';

export const wizardMessages = { newSite };

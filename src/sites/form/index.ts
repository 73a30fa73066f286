/**
 * The site form, loaded on demand (docs/decisions/0022-first-load-budget.md): the list and the detail render
 * `SiteFormDialog` only while it is open, so neither the form nor Leaflet are in their first chunk.
 */
import { onDemand } from '../../shared/lazyComponent';
import type { SiteFormDialogProps } from './SiteFormDialog';

export type { SiteFormDialogProps };

export const SiteFormDialog = onDemand<SiteFormDialogProps>(() => import('./SiteFormDialog').then((module) => module.SiteFormDialog));

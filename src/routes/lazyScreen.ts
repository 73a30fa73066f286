/**
 * The screens written by other parts (src/sites, src/settings, src/engine), each lazily loaded
 * into its own chunk so /login stays light.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ResourceDeclaration } from '../../resources/types';

export interface ScreenProps {
  /** i18n key of the section title. */
  title?: string;
  /** The resource declaration, for generated screens. */
  declaration?: ResourceDeclaration;
}

export type Screen = ComponentType<ScreenProps>;

export const SiteListPage: LazyExoticComponent<Screen> = lazy(() =>
  import('../sites/SiteListPage').then((module) => ({ default: module.SiteListPage as Screen })),
);

export const SettingsIndexPage: LazyExoticComponent<Screen> = lazy(() =>
  import('../settings/SettingsIndexPage').then((module) => ({ default: module.SettingsIndexPage satisfies Screen })),
);

export const GeneratedResourcePage: LazyExoticComponent<Screen> = lazy(() =>
  import('../engine/index').then((module) => ({ default: module.GeneratedResourcePage satisfies Screen })),
);

export const AuditListPage: LazyExoticComponent<Screen> = lazy(() =>
  import('../audit/AuditListPage').then((module) => ({ default: module.AuditListPage satisfies Screen })),
);

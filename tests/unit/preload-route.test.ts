import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../src/routes/appRoutes';
import { AppLayout, GeneratedResourcePage, NewSiteWizard, RecoveryPage, SiteListPage, UnderConstruction } from '../../src/routes/lazyScreen';
import { chunksForPath } from '../../src/routes/preloadRoute';
import { lazyComponent } from '../../src/shared/lazyComponent';

describe('chunksForPath', () => {
  it('loads the layout and the site list for /portales', () => {
    expect(chunksForPath('/portales')).toEqual([AppLayout, SiteListPage]);
  });

  it('loads the generated screen for a generated resource route', () => {
    // Every declared resource has an entity folder now (groups included): a throwaway route shows the generated screen.
    const generated = { path: '/configuracion/generado', title: 'pages.sections.settings', permissions: ['Settings' as const], screen: GeneratedResourcePage };
    expect(chunksForPath(generated.path, [...appRoutes, generated])).toEqual([AppLayout, GeneratedResourcePage]);
  });

  it('loads the construction panel for a route without a screen', () => {
    const pending = appRoutes.find((route) => !route.screen && !route.path.includes(':'))!;
    expect(chunksForPath(pending.path)).toEqual([AppLayout, UnderConstruction]);
  });

  it('loads the new-password page for /recordar-clave/{token}', () => {
    expect(chunksForPath('/recordar-clave/abc')).toEqual([RecoveryPage]);
  });

  it("loads the request wizard for '/'", () => {
    expect(chunksForPath('/')).toEqual([NewSiteWizard]);
  });

  it('loads nothing for the other public pages and unknown paths (their code is in the first chunk)', () => {
    for (const path of ['/login', '/terminos-condiciones', '/pagina-no-encontrada', '/no-existe/de-verdad']) {
      expect(chunksForPath(path), path).toEqual([]);
    }
  });
});

describe('lazyComponent', () => {
  it('imports once, whether preloaded first or rendered first', async () => {
    const Screen = () => null;
    const load = vi.fn(async () => Screen);
    const component = lazyComponent(load);
    expect(load).not.toHaveBeenCalled();
    await component.preload();
    await component.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

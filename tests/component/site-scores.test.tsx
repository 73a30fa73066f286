/**
 * The score section of the site detail (src/sites/scores): month selector (latest first), the month's score, indicator
 * scores with colour chips naming the level, the ranking (general / by entity type, Subir / Centrar / Bajar with the
 * 5-step window) and the 4-point history; the empty state of a site without scores.
 */
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import { ListOrderToggle, SiteScores } from '../../src/sites/scores';
import type { SiteSort } from '../../src/sites/siteListRules';
import { unusedDataProvider } from '../helpers/unusedDataProvider';

configure({ asyncUtilTimeout: 5000 });

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

type Query = Record<string, number | null | undefined>;
interface Call {
  path: string;
  query: Query;
}

const DATES = [
  { year: 2026, month: 2, week: null, dateStr: '2026-02' },
  { year: 2026, month: 1, week: null, dateStr: '2026-01' },
];

/** Ranking entries from position `offset` of a 40-site ranking where the site (id 7) is at position 12. */
function rankingFrom(offset: number, siteTypeId: number | null) {
  const total = siteTypeId ? 10 : 40;
  const results = Array.from({ length: 5 }, (_, index) => {
    const position = offset + index;
    return { rank: position + 1, siteId: position === 12 ? 7 : 100 + position, siteName: position === 12 ? 'Alcaldía de Bello' : `Entidad ${position + 1}`, score: 90 - position, scoreStr: String(90 - position), current: position === 12 };
  });
  return { results, meta: { offset, total, currentOffset: 12, currentRank: 13, hasPrevious: offset > 0, hasNext: offset + 5 < total } };
}

function fakeDataProvider(calls: Call[], options: { empty?: boolean } = {}): DataProvider {
  const answer = (json: unknown) => ({ status: 200, headers: new Headers(), body: '', json });
  return {
    ...unusedDataProvider,
    request: async (path: string, requestOptions?: { query?: Query }) => {
      const query = requestOptions?.query ?? {};
      calls.push({ path, query });
      if (path.endsWith('/availabledates')) return answer({ results: options.empty ? [] : DATES });
      if (path.endsWith('/byindicator')) {
        const february = query.month === 2;
        return answer({
          period: { year: query.year, month: query.month, dateStr: `${query.year}-0${query.month}`, score: february ? 72.5 : 61, scoreStr: february ? '72,5' : '61' },
          colorConfig: { lowerLimit: 60, upperLimit: 80 },
          results: [
            { indicatorId: 1, name: 'Transparencia', link: null, score: 45, scoreStr: '45', colorClass: 'red' },
            { indicatorId: 2, name: 'Accesibilidad web', link: null, score: 70, scoreStr: '70', colorClass: 'yellow' },
            { indicatorId: 3, name: 'Usabilidad', link: null, score: 92.25, scoreStr: '92,25', colorClass: 'green' },
          ],
        });
      }
      if (path.endsWith('/history')) {
        return answer({
          results: [
            { year: 2025, month: 11, dateStr: '2025-11', score: 50, scoreStr: '50' },
            { year: 2025, month: 12, dateStr: '2025-12', score: 55, scoreStr: '55' },
            { year: 2026, month: 1, dateStr: '2026-01', score: 61, scoreStr: '61' },
            { year: 2026, month: 2, dateStr: '2026-02', score: 72.5, scoreStr: '72,5' },
          ],
        });
      }
      if (path.endsWith('/ranking')) {
        const siteTypeId = (query.siteTypeId as number | undefined) ?? null;
        const offset = typeof query.offset === 'number' ? query.offset : 10;
        return answer(rankingFrom(offset, siteTypeId));
      }
      throw new Error(`unexpected ${path}`);
    },
  } as DataProvider;
}

function renderScores(options: { empty?: boolean; siteTypeId?: number | null } = {}) {
  const calls: Call[] = [];
  render(
    <AdminContext dataProvider={fakeDataProvider(calls, options)} i18nProvider={i18nProvider}>
      <SiteScores siteId={7} siteTypeId={options.siteTypeId === undefined ? 2 : options.siteTypeId} />
    </AdminContext>,
  );
  return calls;
}

const rankingCalls = (calls: Call[]) => calls.filter((call) => call.path === '/sites/7/scores/ranking');

afterEach(() => cleanup());

describe('SiteScores', () => {
  it('shows the latest month: its score, indicator chips naming the level, and 4 history points', async () => {
    const calls = renderScores();
    expect(await screen.findByText('72,5 de 100')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Puntaje' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Mes' }).textContent).toBe('febrero de 2026');

    const indicators = within(screen.getByRole('region', { name: 'Puntaje por indicador' }));
    const transparency = indicators.getByRole('listitem', { name: 'Transparencia: 45 de 100 (Bajo)' });
    expect(within(transparency).getByText('Bajo').closest('[data-color-class]')?.getAttribute('data-color-class')).toBe('red');
    expect(indicators.getByRole('listitem', { name: 'Accesibilidad web: 70 de 100 (Medio)' })).toBeTruthy();
    expect(indicators.getByRole('listitem', { name: 'Usabilidad: 92,25 de 100 (Alto)' })).toBeTruthy();

    const history = within(screen.getByRole('region', { name: 'Histórico del puntaje' }));
    expect(history.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'noviembre de 2025: 50 de 100',
      'diciembre de 2025: 55 de 100',
      'enero de 2026: 61 de 100',
      'febrero de 2026: 72,5 de 100',
    ]);
    expect(calls.find((call) => call.path.endsWith('/byindicator'))?.query).toEqual({ year: 2026, month: 2 });
  });

  it('the ranking: centred window with the site marked; Bajar, Subir and Centrar move it by 5', async () => {
    const calls = renderScores();
    const ranking = within(await screen.findByRole('region', { name: 'Ranking' }));
    const current = await ranking.findByText(/Alcaldía de Bello/);
    expect(current.closest('li')?.getAttribute('aria-current')).toBe('true');
    expect(ranking.getByText('Puesto 13 de 40')).toBeTruthy();
    expect(rankingCalls(calls)[0]!.query).toMatchObject({ year: 2026, month: 2, siteTypeId: null, offset: null });

    await userEvent.click(ranking.getByRole('button', { name: 'Ver los 5 puestos siguientes' }));
    await waitFor(() => expect(rankingCalls(calls).at(-1)!.query.offset).toBe(15));
    expect(await ranking.findByText('Entidad 16')).toBeTruthy();

    await userEvent.click(ranking.getByRole('button', { name: 'Ver los 5 puestos anteriores' }));
    await waitFor(() => expect(rankingCalls(calls).at(-1)!.query.offset).toBe(10));
    await userEvent.click(ranking.getByRole('button', { name: 'Ver los 5 puestos anteriores' }));
    await waitFor(() => expect(rankingCalls(calls).at(-1)!.query.offset).toBe(5));
    await userEvent.click(ranking.getByRole('button', { name: 'Ver los 5 puestos anteriores' }));
    await waitFor(() => expect(rankingCalls(calls).at(-1)!.query.offset).toBe(0));
    await waitFor(() => expect((ranking.getByRole('button', { name: 'Ver los 5 puestos anteriores' }) as HTMLButtonElement).disabled).toBe(true));

    await userEvent.click(ranking.getByRole('button', { name: 'Volver a la posición de la entidad' }));
    // Centred again: the cached first window (no offset) is shown.
    expect(await ranking.findByText(/Alcaldía de Bello/)).toBeTruthy();
  });

  it('the ranking by entity type asks with the site type; a new month asks for its scores', async () => {
    const calls = renderScores();
    const ranking = within(await screen.findByRole('region', { name: 'Ranking' }));
    await ranking.findByText(/Alcaldía de Bello/);
    await userEvent.click(ranking.getByRole('button', { name: 'Por tipo de entidad' }));
    await waitFor(() => expect(rankingCalls(calls).at(-1)!.query).toMatchObject({ siteTypeId: 2, offset: null }));
    expect(await ranking.findByText('Puesto 13 de 10')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Mes' }));
    await userEvent.click(await screen.findByRole('option', { name: 'enero de 2026' }));
    expect(await screen.findByText('61 de 100', { selector: 'p' })).toBeTruthy();
    expect(calls.filter((call) => call.path.endsWith('/byindicator')).at(-1)!.query).toEqual({ year: 2026, month: 1 });
    // The ranking of the new month starts centred, still by entity type.
    await waitFor(() => expect(rankingCalls(calls).at(-1)!.query).toMatchObject({ year: 2026, month: 1, siteTypeId: 2, offset: null }));
  });

  it('without a site type only the general ranking is offered', async () => {
    renderScores({ siteTypeId: null });
    const ranking = within(await screen.findByRole('region', { name: 'Ranking' }));
    expect((ranking.getByRole('button', { name: 'Por tipo de entidad' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a site without scores shows the empty state and asks nothing else', async () => {
    const calls = renderScores({ empty: true });
    expect(await screen.findByText('Esta entidad aún no tiene puntajes')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/sites/7/scores/availabledates']);
  });
});

describe('ListOrderToggle (site list: by name by default, toggle to ranking)', () => {
  it('shows the pressed order and asks for the latest score, best first, or the name order', async () => {
    const chosen: SiteSort[] = [];
    const { rerender } = render(
      <AdminContext i18nProvider={i18nProvider}>
        <ListOrderToggle sort={{ field: 'name', order: 'ASC' }} onChange={(sort) => chosen.push(sort)} />
      </AdminContext>,
    );
    const byName = screen.getByRole('button', { name: 'Ordenar por nombre' });
    const byRanking = screen.getByRole('button', { name: 'Ordenar por ranking' });
    expect(byName.getAttribute('aria-pressed')).toBe('true');
    expect(byRanking.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(byRanking);
    expect(chosen).toEqual([{ field: 'score', order: 'DESC' }]);
    rerender(
      <AdminContext i18nProvider={i18nProvider}>
        <ListOrderToggle sort={{ field: 'score', order: 'DESC' }} onChange={(sort) => chosen.push(sort)} />
      </AdminContext>,
    );
    expect(screen.getByRole('button', { name: 'Ordenar por ranking' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Ordenar por nombre' }));
    expect(chosen.at(-1)).toEqual({ field: 'name', order: 'ASC' });
  });
});

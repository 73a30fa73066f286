/**
 * Scores in the browser (issue 8), on the demo data's platform scores: the site detail's score section (latest month,
 * indicator chips, ranking centred on the site with Bajar / Centrar, 4-point history) without serious or critical axe
 * violations, and the site list's 'Ordenar por ranking' toggle ordering by the latest score.
 */
import { describe, expect, it } from 'vitest';
import { blockingViolations, describeViolations } from '../helpers/axe';
import { setupE2e } from '../helpers/e2e';

const e2e = setupE2e();

describe('puntajes del portal', () => {
  it('el detalle muestra puntaje, indicadores, ranking e histórico, y se navega el ranking', async () => {
    const { page, testApp } = e2e;
    const [site] = await testApp.database.query<{ id: number; name: string }>(
      `select s.id, s.name from sites s join site_scores sc on sc.site_id = s.id
        group by s.id, s.name order by s.id limit 1`,
    );
    await e2e.signInByApi(page);
    await page.goto(e2e.url(`/portales/${site!.id}`));
    const section = page.getByRole('region', { name: 'Puntaje', exact: true });
    await section.getByRole('combobox', { name: 'Mes' }).waitFor();
    await expect.poll(() => section.getByText(/de 100$/).count()).toBeGreaterThan(5);

    const indicators = page.getByRole('region', { name: 'Puntaje por indicador' });
    await expect.poll(() => indicators.getByRole('listitem').count()).toBe(6);

    const ranking = page.getByRole('region', { name: 'Ranking' });
    const current = ranking.locator('li[aria-current="true"]');
    await current.waitFor();
    expect(await current.textContent()).toContain(site!.name);
    expect(await ranking.getByRole('listitem').count()).toBe(5);

    const history = page.getByRole('region', { name: 'Histórico del puntaje' });
    expect(await history.getByRole('listitem').count()).toBe(4);

    const violations = await blockingViolations(page);
    expect(describeViolations(`/portales/${site!.id} (puntajes)`, violations)).toBe(describeViolations(`/portales/${site!.id} (puntajes)`, []));

    // Bajar moves the window by 5: the site leaves it; Centrar brings it back.
    const firstRank = await ranking.getByRole('listitem').first().textContent();
    await ranking.getByRole('button', { name: 'Ver los 5 puestos siguientes' }).click();
    await expect.poll(() => ranking.getByRole('listitem').first().textContent()).not.toBe(firstRank);
    await ranking.getByRole('button', { name: 'Volver a la posición de la entidad' }).click();
    await current.waitFor();
  });

  it("la lista ordena por ranking con 'Ordenar por ranking' y vuelve al nombre", async () => {
    const { page, testApp } = e2e;
    const [best] = await testApp.database.query<{ name: string }>(
      'select name from sites where not is_deleted and latest_score is not null order by latest_score desc, id desc limit 1',
    );
    await e2e.signInByApi(page);
    await page.goto(e2e.url('/portales'));
    await page.getByRole('button', { name: 'Ordenar por ranking' }).click();
    await page.waitForURL(/orden=-score/);
    await expect.poll(() => page.locator('tbody tr').first().textContent()).toContain(best!.name);
    await page.getByRole('button', { name: 'Ordenar por nombre' }).click();
    await expect.poll(() => page.url()).not.toMatch(/orden=/);
  });
});

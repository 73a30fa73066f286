/**
 * The request wizard's first step over a fake server (src/newSite; spec 01 'New-entity request wizard'): installed and
 * pending sites flagged and not selectable, ChangeAdmin without an installed site refused with its message, the new
 * site offered for type 5, the step refusing to go on without a choice, and the intro counting the steps shown.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import { NewSiteWizard } from '../../src/newSite';
import { unusedDataProvider } from '../helpers/unusedDataProvider';

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

const SITES: Record<string, unknown[]> = {
  '2': [
    { id: 11, name: 'Alcaldía de Abejorral', installed: true, pendingRequest: false },
    { id: 12, name: 'Alcaldía de Abriaquí', installed: false, pendingRequest: true },
    { id: 13, name: 'Alcaldía de Alejandría', installed: false, pendingRequest: false },
  ],
  '4': [{ id: 21, name: 'Concejo de Abejorral', installed: false, pendingRequest: false }],
  '5': [],
};

function answer(url: URL): unknown {
  if (url.pathname.endsWith('/newsite/sitetypes/')) return [{ id: 2, name: 'Alcaldía', orderType: 1 }, { id: 4, name: 'Concejo Municipal', orderType: 1 }, { id: 5, name: 'Otras entidades', orderType: null }];
  if (url.pathname.endsWith('/newsite/terms/')) return { terms: { text: 'Términos', version: 1 }, dataTreatment: { text: 'Datos', version: 1 } };
  if (url.pathname.endsWith('/newsite/locations/')) return url.searchParams.get('parentLocationId') ? [{ id: 5002, name: 'Abejorral' }] : [{ id: 5, name: 'Antioquia' }];
  if (url.pathname.endsWith('/newsite/sites/')) return SITES[url.searchParams.get('siteTypeId') ?? ''] ?? [];
  return {};
}

beforeEach(() => {
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    return new Response(JSON.stringify(answer(url)), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('NewSiteWizard, step 1', () => {
  it('flags installed and pending sites, refuses ChangeAdmin without an installed site and offers a new site for type 5', async () => {
    const user = userEvent.setup();
    render(
      <AdminContext dataProvider={unusedDataProvider} i18nProvider={i18nProvider}>
        <NewSiteWizard />
      </AdminContext>,
    );
    await user.click(await screen.findByRole('radio', { name: 'Solicitar el portal de mi entidad por primera vez' }));
    // The sentence above the stepper counts the steps it shows: four until a new site is chosen.
    const intro = (count: string) => `Completa los ${count} pasos; revisaremos tu solicitud y te avisaremos por correo electrónico.`;
    expect(screen.getByText(intro('cuatro'))).toBeInTheDocument();
    expect(screen.getAllByText(/^(Entidad|Datos del nuevo sitio|Representante legal|Administrador web y documentos|Confirmación)$/, { selector: '.MuiStepLabel-label' })).toHaveLength(4);
    await choose(user, 'Departamento', 'Antioquia');
    await choose(user, 'Tipo de entidad', 'Alcaldía');
    await choose(user, 'Municipio', 'Abejorral');

    const list = await screen.findByRole('radiogroup', { name: 'Entidades del lugar y tipo elegidos' });
    const installed = await within(list).findByRole('radio', { name: /Alcaldía de Abejorral/ });
    expect(installed).toBeDisabled();
    expect(within(list).getByText('Ya tiene portal instalado')).toBeInTheDocument();
    expect(within(list).getByRole('radio', { name: /Alcaldía de Abriaquí/ })).toBeDisabled();
    expect(within(list).getByText('Tiene una solicitud pendiente')).toBeInTheDocument();
    expect(within(list).getByRole('radio', { name: /Alcaldía de Alejandría/ })).toBeEnabled();
    // Type 2 with a site to choose: no new site.
    expect(within(list).queryByRole('radio', { name: /sitio nuevo/ })).toBeNull();

    // Without a choice the step does not go on.
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Debes seleccionar una entidad')).toBeInTheDocument();

    // ChangeAdmin: only the installed site is selectable.
    await user.click(screen.getByRole('radio', { name: 'Cambiar el administrador principal del portal de mi entidad' }));
    expect(within(list).getByRole('radio', { name: /Alcaldía de Abejorral/ })).toBeEnabled();
    expect(within(list).getByRole('radio', { name: /Alcaldía de Alejandría/ })).toBeDisabled();

    // ChangeAdmin for the council, none installed: refused with the message.
    await choose(user, 'Tipo de entidad', 'Concejo Municipal');
    await choose(user, 'Municipio', 'Abejorral');
    expect(
      await screen.findByText('No hay un portal instalado para este lugar y tipo de entidad: no es posible solicitar un cambio de administrador.'),
    ).toBeInTheDocument();

    // FirstTime, type 5 with no site: the new site is offered and chosen, and step 2 joins the stepper.
    await user.click(screen.getByRole('radio', { name: 'Solicitar el portal de mi entidad por primera vez' }));
    await choose(user, 'Tipo de entidad', 'Otras entidades');
    const newSite = await screen.findByRole('radio', { name: 'Mi entidad no está en la lista: solicitar un sitio nuevo' });
    expect(newSite).toBeChecked();
    expect(screen.getByText('Datos del nuevo sitio')).toBeInTheDocument();
    expect(screen.getByText(intro('cinco'))).toBeInTheDocument();
    expect(screen.queryByText(intro('cuatro'))).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('heading', { name: 'Datos del nuevo sitio' })).toBeInTheDocument();
  });
});

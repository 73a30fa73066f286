/** Shared views of the layout: session-expired modal, confirm/alert/error modals, cookies and width notices. */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nContextProvider } from 'ra-core';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getToken, setToken } from '../../authProvider/storage';
import { SessionExpiredModal } from '../../src/layout/SessionExpiredModal';
import { CookiesNotice } from '../../src/shared/CookiesNotice';
import { i18nProvider, loadSignedInMessages } from '../../src/shared/i18nProvider';
import { ModalProvider, useModal, type ModalApi } from '../../src/shared/ModalProvider';
import { WidthNotice } from '../../src/shared/WidthNotice';

let currentPath = '';
function PathSpy() {
  currentPath = useLocation().pathname;
  return null;
}

function wrap(children: ReactNode, path = '/portales') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <I18nContextProvider value={i18nProvider}>
        <PathSpy />
        {children}
      </I18nContextProvider>
    </MemoryRouter>,
  );
}

const tokenExpiringIn = (seconds: number) => {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ exp: Math.floor(Date.now() / 1000) + seconds })}.sig`;
};

beforeEach(() => clearSession());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The layout's parts render after the signed-in areas' messages are in (the layout's chunk waits for them).
beforeAll(() => loadSignedInMessages());

describe('session-expired modal', () => {
  it('stays closed while the token is valid', async () => {
    setToken(tokenExpiringIn(600));
    wrap(<SessionExpiredModal intervalMs={20} />);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(screen.queryByText('La sesión ha expirado, vuelve a conectarte')).toBeNull();
    expect(getToken()).not.toBeNull();
  });

  it('on expiry removes the token, shows the message and goes to /login', async () => {
    setToken(tokenExpiringIn(-1));
    wrap(<SessionExpiredModal intervalMs={20} />);
    expect(await screen.findByText('La sesión ha expirado, vuelve a conectarte')).toBeInTheDocument();
    expect(getToken()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    await waitFor(() => expect(currentPath).toBe('/login'));
  });
});

describe('shared modals', () => {
  let api: ModalApi;
  function Capture() {
    api = useModal();
    return null;
  }

  it("confirm: 'Advertencia' with 'Continuar' (true) and 'Regresar' (false)", async () => {
    wrap(
      <ModalProvider>
        <Capture />
      </ModalProvider>,
    );
    let answer: Promise<boolean>;
    act(() => {
      answer = api.confirm({ message: 'resources.sitetypes.confirm_delete' });
    });
    expect(await screen.findByText('Advertencia')).toBeInTheDocument();
    expect(screen.getByText('¿Seguro deseas eliminar este tipo de entidad?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await expect(answer!).resolves.toBe(true);
    act(() => {
      answer = api.confirm({ message: 'Texto literal del servidor' });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Regresar' }));
    await expect(answer!).resolves.toBe(false);
  });

  it("alert titles Éxito / Confirmación and the error modal 'Error' + 'Entendido'", async () => {
    wrap(
      <ModalProvider>
        <Capture />
      </ModalProvider>,
    );
    act(() => void api.alert({ message: 'resources.chatcategories.created', kind: 'success' }));
    expect(await screen.findByText('Éxito')).toBeInTheDocument();
    expect(screen.getByText('Categoría creada correctamente')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByText('Éxito')).toBeNull());
    act(() => void api.alert({ message: 'x', kind: 'confirmation' }));
    expect(await screen.findByText('Confirmación')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    let closed: Promise<void>;
    act(() => {
      closed = api.error('errors.server');
    });
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Lo sentimos, no se pudo completar la operación.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Entendido' }));
    await expect(closed!).resolves.toBeUndefined();
  });

  it('the wait spinner shows while waiting', async () => {
    wrap(
      <ModalProvider>
        <Capture />
      </ModalProvider>,
    );
    act(() => api.wait(true));
    expect(await screen.findByText('Espera un momento, por favor…')).toBeVisible();
  });
});

describe('notices', () => {
  it('the cookies notice is remembered under the key cookies', () => {
    const first = wrap(<CookiesNotice />);
    expect(screen.getByText(/usa cookies/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(screen.queryByText(/usa cookies/)).toBeNull();
    expect(localStorage.getItem('cookies')).toBe('true');
    first.unmount();
    wrap(<CookiesNotice />);
    expect(screen.queryByText(/usa cookies/)).toBeNull();
  });

  it('the width notice appears under 1200 px only', () => {
    const matchMedia = (matches: boolean) =>
      vi.fn((query: string) => ({
        matches: matches && query.includes('max-width:1199'),
        media: query,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        onchange: null,
        dispatchEvent: () => false,
      }));
    vi.stubGlobal('matchMedia', matchMedia(true));
    const narrow = wrap(<WidthNotice />);
    expect(screen.getByText(/más de 1200 px/)).toBeInTheDocument();
    narrow.unmount();
    vi.stubGlobal('matchMedia', matchMedia(false));
    wrap(<WidthNotice />);
    expect(screen.queryByText(/más de 1200 px/)).toBeNull();
  });
});

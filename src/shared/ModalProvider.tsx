/**
 * Imperative access to the shared modals for any screen inside the layout:
 * `const modal = useModal(); if (await modal.confirm({ message })) …; modal.alert({ message, kind: 'success' });
 * modal.error(message); modal.wait(true)`.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { onDemand } from './lazyComponent';
import type { AlertKind } from './Modals';
import { WaitSpinner } from './Spinner';

// The dialogs load with the first one opened (MUI Dialog off the layout's chunk: docs/decisions/0022-first-load-budget.md).
const ConfirmModal = onDemand(() => import('./Modals').then((module) => module.ConfirmModal));
const AlertModal = onDemand(() => import('./Modals').then((module) => module.AlertModal));
const ErrorModal = onDemand(() => import('./Modals').then((module) => module.ErrorModal));

interface ConfirmRequest {
  message: string;
  title?: string;
  values?: Record<string, unknown>;
  confirmLabel?: string;
  cancelLabel?: string;
}

interface AlertRequest {
  message: string;
  kind?: AlertKind;
  title?: string;
  values?: Record<string, unknown>;
}

export interface ModalApi {
  confirm: (request: ConfirmRequest) => Promise<boolean>;
  alert: (request: AlertRequest) => Promise<void>;
  error: (message: string, title?: string) => Promise<void>;
  wait: (on: boolean, message?: string) => void;
}

type Open =
  | { type: 'confirm'; request: ConfirmRequest }
  | { type: 'alert'; request: AlertRequest }
  | { type: 'error'; request: { message: string; title?: string } };

const ModalContext = createContext<ModalApi | null>(null);

export function ModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open | null>(null);
  const [waiting, setWaiting] = useState<{ on: boolean; message?: string }>({ on: false });
  const resolver = useRef<((value: boolean) => void) | null>(null);

  const show = useCallback((next: Open) => {
    resolver.current?.(false);
    setOpen(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const close = useCallback((value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOpen(null);
  }, []);

  const api = useMemo<ModalApi>(
    () => ({
      confirm: (request) => show({ type: 'confirm', request }),
      alert: async (request) => void (await show({ type: 'alert', request })),
      error: async (message, title) => void (await show({ type: 'error', request: { message, title } })),
      wait: (on, message) => setWaiting({ on, message }),
    }),
    [show],
  );

  return (
    <ModalContext.Provider value={api}>
      {children}
      {open?.type === 'confirm' && (
        <ConfirmModal open {...open.request} onConfirm={() => close(true)} onCancel={() => close(false)} />
      )}
      {open?.type === 'alert' && <AlertModal open {...open.request} onClose={() => close(true)} />}
      {open?.type === 'error' && <ErrorModal open {...open.request} onClose={() => close(true)} />}
      <WaitSpinner open={waiting.on} message={waiting.message} />
    </ModalContext.Provider>
  );
}

export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error('useModal must be used inside <ModalProvider> (mounted by the layout)');
  return api;
}

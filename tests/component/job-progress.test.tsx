/** JobProgress over a fake dataProvider.request: polling to a final state, Spanish labels, counts, cancel with confirmation. */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spanishMessages } from '../../i18n/es';
import type { JobView } from '../../resources/jobs';
import { JobProgress } from '../../src/shared/JobProgress';
import { unusedDataProvider } from '../helpers/unusedDataProvider';

const i18nProvider = polyglotI18nProvider(() => spanishMessages as never, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function jobView(overrides: Partial<JobView> = {}): JobView {
  return {
    id: 7,
    kind: 'sites.load',
    status: 'running',
    progress: { done: 40, total: 100, percent: 40 },
    counts: { queued: 60, done: 38, failed: 2, skipped: 0 },
    error: null,
    result: null,
    attempts: 1,
    cancelRequested: false,
    createdBy: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    startedAt: '2025-01-01T00:00:01.000Z',
    finishedAt: null,
    runAfter: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

interface Call {
  path: string;
  method: string;
}

/** GET /jobs/7 answers `current()`; POST /jobs/7/cancel answers `onCancel()`. */
function fakeDataProvider(current: () => JobView, calls: Call[], onCancel?: () => JobView): DataProvider {
  return {
    ...unusedDataProvider,
    request: async (path: string, options: { method?: string } = {}) => {
      const method = options.method ?? 'GET';
      calls.push({ path, method });
      return { status: 200, headers: new Headers(), json: method === 'POST' ? onCancel!() : current() };
    },
  } as unknown as DataProvider;
}

/** Successive answers; the last one repeats. */
function sequence(answers: JobView[]): () => JobView {
  let next = 0;
  return () => answers[Math.min(next++, answers.length - 1)]!;
}

function renderProgress(dataProvider: DataProvider, props: { pollMs?: number; onFinished?: (job: JobView) => void } = {}) {
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <JobProgress jobId={7} pollMs={props.pollMs ?? 5} onFinished={props.onFinished} />
    </AdminContext>,
  );
}

describe('JobProgress', () => {
  it('polls until the job is done, with the Spanish state, percent and counts per item state', async () => {
    const calls: Call[] = [];
    const finished: JobView[] = [];
    let state = jobView({ status: 'queued', progress: { done: 0, total: null, percent: 0 }, counts: { queued: 0, done: 0, failed: 0, skipped: 0 } });
    renderProgress(fakeDataProvider(() => state, calls), { onFinished: (job) => finished.push(job) });
    expect(await screen.findByText('En cola')).toBeInTheDocument();

    state = jobView();
    expect(await screen.findByText('En ejecución')).toBeInTheDocument();
    expect(screen.getByText('40 %')).toBeInTheDocument();
    expect(screen.getByText('40 de 100 · Pendientes: 60 · Procesados: 38 · Con error: 2')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progreso del trabajo' })).toHaveAttribute('aria-valuenow', '40');
    expect(finished).toHaveLength(0);

    state = jobView({
      status: 'done',
      progress: { done: 100, total: 100, percent: 100 },
      counts: { queued: 0, done: 95, failed: 2, skipped: 3 },
      finishedAt: '2025-01-01T00:01:00.000Z',
    });
    expect(await screen.findByText('Terminado')).toBeInTheDocument();
    expect(screen.getByText('100 de 100 · Procesados: 95 · Con error: 2 · Omitidos: 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
    await waitFor(() => expect(finished).toHaveLength(1));
    expect(finished[0]!.status).toBe('done');
    expect(calls.every((call) => call.path === '/jobs/7' && call.method === 'GET')).toBe(true);
  });

  it('stops polling once the job reached a final state', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls: Call[] = [];
    renderProgress(
      fakeDataProvider(sequence([jobView(), jobView({ status: 'failed', error: 'El archivo no tiene el formato esperado' })]), calls),
      { pollMs: 60_000 },
    );
    expect(await screen.findByText('En ejecución')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(await screen.findByText('Falló')).toBeInTheDocument();
    expect(screen.getByText('El archivo no tiene el formato esperado')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(600_000));
    expect(calls).toHaveLength(2);
  });

  it('cancels after confirmation and shows the cancelled state', async () => {
    const calls: Call[] = [];
    let state = jobView();
    const provider = fakeDataProvider(
      () => state,
      calls,
      () => {
        // The runner stops before its next item: the following look finds the job cancelled.
        const answer = jobView({ cancelRequested: true });
        state = jobView({ status: 'cancelled', cancelRequested: true, finishedAt: '2025-01-01T00:02:00.000Z' });
        return answer;
      },
    );
    renderProgress(provider);

    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(screen.getByText('¿Deseas cancelar este trabajo? Lo ya procesado no se revierte.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Regresar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Cancelado')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([{ path: '/jobs/7/cancel', method: 'POST' }]);
    expect(screen.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
  });
});

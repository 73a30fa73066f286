/**
 * A list's download button (server/exports/): offers CSV or Excel, downloads the file with the list's
 * current filters through the data provider's client (bearer token, session headers, the exports'
 * long timeout) as a Blob, and shows a busy state until the file is saved.
 */
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useDataProvider, useNotify, useTranslate } from 'ra-core';
import { useId, useRef, useState } from 'react';
import type { PortalesDataProvider } from '../../dataProvider';
import { EXPORT_TIMEOUT_MS, type QueryValue } from '../../dataProvider/httpClient';
import { fileNameFromDisposition, saveBlob } from './download';
import type { ExportFileFormat, ExportFormatMenuProps } from './ExportFormatMenu';
import { onDemand } from './lazyComponent';

// The menu loads on first use (docs/decisions/0022-first-load-budget.md); pointing at or focusing the button starts it.
const ExportFormatMenu = onDemand<ExportFormatMenuProps>(() => import('./ExportFormatMenu').then((module) => module.ExportFormatMenu));
const preloadMenu = () => void ExportFormatMenu.preload().catch(() => {});

const FORMATS: readonly ExportFileFormat[] = ['csv', 'xlsx'];
export type { ExportFileFormat };

export interface ExportButtonProps {
  /** The export route under /api/v1 (e.g. `/sitesexport`). */
  path: string;
  /** The list's current filters (and order), as the list route reads them. */
  query: Record<string, QueryValue>;
  /** i18n key of the button's label. */
  labelKey: string;
  /** Name of the file when the answer names none. */
  fallbackName: string;
  variant?: ButtonProps['variant'];
  /** `POST`: the filters go in a JSON body (`POST /exportmainuser/`); default `GET` with the query string. */
  method?: 'GET' | 'POST';
  /** The formats offered (default CSV and Excel). */
  formats?: readonly ExportFileFormat[];
}

export function ExportButton({ path, query, labelKey, fallbackName, variant = 'text', method = 'GET', formats = FORMATS }: ExportButtonProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const anchor = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that closing keeps the menu's own transition.
  const [menuUsed, setMenuUsed] = useState(false);
  const [busy, setBusy] = useState(false);

  const download = async (format: ExportFileFormat) => {
    setOpen(false);
    setBusy(true);
    try {
      const filters = { ...query, format };
      const { json, headers } = await dataProvider.request<Blob>(path, {
        ...(method === 'POST' ? { method, body: filters } : { query: filters }),
        responseType: 'blob',
        timeout: EXPORT_TIMEOUT_MS,
      });
      saveBlob(json, fileNameFromDisposition(headers.get('content-disposition')) ?? `${fallbackName}.${format}`);
    } catch {
      notify('exports.button.error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        ref={anchor}
        variant={variant}
        size="small"
        disabled={busy}
        aria-busy={busy}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        startIcon={busy ? <CircularProgress size={14} aria-hidden /> : undefined}
        onPointerEnter={preloadMenu}
        onFocus={preloadMenu}
        onClick={() => {
          setMenuUsed(true);
          setOpen(true);
        }}
      >
        {busy ? translate('exports.button.busy') : translate(labelKey)}
      </Button>
      {menuUsed ? (
        <ExportFormatMenu id={menuId} anchorEl={anchor.current} open={open} formats={formats} onClose={() => setOpen(false)} onPick={(format) => void download(format)} />
      ) : null}
    </>
  );
}

/**
 * The format menu of ExportButton (CSV, Excel), in a chunk of its own loaded when the button is first pointed at,
 * focused or pressed: MUI's Menu brings Popover, Modal and List (~15 KiB gz) that a list's first load does not need
 * (docs/decisions/0022-first-load-budget.md).
 */
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslate } from 'ra-core';

/** The formats an export offers (ExportButton's `formats`). */
export type ExportFileFormat = 'csv' | 'xlsx';

export interface ExportFormatMenuProps {
  id: string;
  anchorEl: HTMLElement | null;
  open: boolean;
  formats: readonly ExportFileFormat[];
  onClose: () => void;
  onPick: (format: ExportFileFormat) => void;
}

export function ExportFormatMenu({ id, anchorEl, open, formats, onClose, onPick }: ExportFormatMenuProps) {
  const translate = useTranslate();
  return (
    <Menu id={id} anchorEl={anchorEl} open={open} onClose={onClose}>
      {formats.map((format) => (
        <MenuItem key={format} onClick={() => onPick(format)}>
          {translate(`exports.button.${format}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}

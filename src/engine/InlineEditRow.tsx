/**
 * Inline editing (editMode 'inline'): the row becomes the declaration's inputs with Guardar / Cancelar
 * in the row; Escape cancels like Cancelar (the record keeps its value, the row leaves edit mode).
 */
import { CircularProgress, Stack, TableCell, TableRow } from '@mui/material';
import { useMemo, type KeyboardEvent } from 'react';
import { Button, Form, SaveButton, useTranslate, type RaRecord } from 'react-admin';
import type { ResourceDeclaration } from '../../resources/types';
import { ResourceInputs } from './ResourceInputs';
import { useDetailRecord } from './useDetailRecord';
import { useSaveRecord } from './useSaveRecord';
import { yupValidate } from './yupValidate';
import { resourceSchema } from '../../resources/fieldKinds';

export interface InlineEditRowProps {
  declaration: ResourceDeclaration;
  record: RaRecord;
  columns: number;
  onDone: () => void;
}

export function InlineEditRow({ declaration, record, columns, onDone }: InlineEditRowProps) {
  const translate = useTranslate();
  const save = useSaveRecord(declaration, onDone);
  // A declaration with `detailOnly` fields edits the record read on its own, not the list's partial row.
  const detail = useDetailRecord(declaration, record, onDone);
  const validate = useMemo(() => yupValidate(resourceSchema(declaration, declaration.idField), translate), [declaration, translate]);
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.stopPropagation();
    onDone();
  };
  return (
    <TableRow data-testid="inline-edit-row" onKeyDown={cancelOnEscape}>
      <TableCell colSpan={columns}>
        {detail.isPending || !detail.record ? (
          <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
        ) : (
          <Form record={detail.record} validate={validate} onSubmit={(values: Record<string, unknown>) => save(values, detail.record)} id={`${declaration.name}-inline-${record.id}`}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
              <ResourceInputs declaration={declaration} compact />
              <SaveButton label="engine.save" alwaysEnable variant="text" />
              <Button label="engine.cancel" onClick={onDone} />
            </Stack>
          </Form>
        )}
      </TableCell>
    </TableRow>
  );
}

/**
 * The create/edit dialog of a generated screen: react-admin's SimpleForm with the declaration's inputs,
 * yup validation (the same schema as the server), Guardar / Cancelar. `ResourceCreate` and `ResourceEdit`
 * are its two uses, opened from the list's state (engineState); the edit reads a record with `detailOnly` fields anew.
 */
import { CircularProgress, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { Button, SaveButton, SimpleForm, Toolbar, useTranslate, type RaRecord } from 'react-admin';
import { resourceSchema } from '../../resources/fieldKinds';
import type { ResourceDeclaration } from '../../resources/types';
import { createDefaults } from './declarationFields';
import { useEngineState } from './engineState';
import { ResourceInputs } from './ResourceInputs';
import { useDetailRecord } from './useDetailRecord';
import { useSaveRecord } from './useSaveRecord';
import { yupValidate } from './yupValidate';

export interface ResourceFormDialogProps {
  declaration: ResourceDeclaration;
  open: boolean;
  /** Absent: create. */
  record?: RaRecord;
  onClose: () => void;
  /** The inputs (default: one per form field of the declaration). */
  children?: ReactNode;
  /** i18n key of the dialog's title (default: 'Agregar: …' / 'Editar: …' with the declaration's title). */
  title?: string;
  /** The record to edit is being read (useDetailRecord): the dialog shows its progress instead of the form. */
  loading?: boolean;
}

function DialogToolbar({ onClose }: { onClose: () => void }) {
  return (
    // Transparent: the text 'Cancelar' on react-admin's grey toolbar is under WCAG AA contrast (4.06:1).
    <Toolbar sx={{ justifyContent: 'flex-end', gap: 1, bgcolor: 'transparent' }}>
      <Button label="engine.cancel" onClick={onClose} />
      <SaveButton label="engine.save" alwaysEnable />
    </Toolbar>
  );
}

export function ResourceFormDialog({ declaration, open, record, onClose, children, title: titleKey, loading = false }: ResourceFormDialogProps) {
  const translate = useTranslate();
  const save = useSaveRecord(declaration, onClose);
  const validate = useMemo(() => yupValidate(resourceSchema(declaration, declaration.idField), translate), [declaration, translate]);
  const title = titleKey ? translate(titleKey) : translate(record || loading ? 'engine.edit_title' : 'engine.create_title', { title: translate(declaration.title) });
  const titleId = `${declaration.name}-form-title`;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {open && loading && (
        <>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={translate('ra.page.loading')} />
          </DialogContent>
        </>
      )}
      {open && !loading && (
        <>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <SimpleForm
            record={record ?? createDefaults(declaration)}
            resource={declaration.name}
            validate={validate}
            onSubmit={(values: Record<string, unknown>) => save(values, record)}
            id={`${declaration.name}-form`}
            // The schema's Spanish messages, not the browser's own (in its language) for type=email or a date's min/max.
            noValidate
            toolbar={<DialogToolbar onClose={onClose} />}
          >
            {children ?? <ResourceInputs declaration={declaration} />}
          </SimpleForm>
        </>
      )}
    </Dialog>
  );
}

/** The create dialog, open while the screen's state says so. */
export function ResourceCreate({ children }: { children?: ReactNode }) {
  const { declaration, creating, stopCreate } = useEngineState();
  return (
    <ResourceFormDialog declaration={declaration} open={creating} onClose={stopCreate}>
      {children}
    </ResourceFormDialog>
  );
}

/**
 * The edit dialog (declarations that edit in a dialog), open on the record being edited; `title` names it otherwise.
 * A declaration with `detailOnly` fields edits the record read on its own, never the list's partial one (useDetailRecord).
 */
export function ResourceEdit({ children, title }: { children?: ReactNode; title?: string }) {
  const { declaration, editing, stopEdit } = useEngineState();
  const detail = useDetailRecord(declaration, editing, stopEdit);
  return (
    <ResourceFormDialog declaration={declaration} open={editing !== null} record={detail.record} loading={detail.isPending} onClose={stopEdit} title={title}>
      {children}
    </ResourceFormDialog>
  );
}

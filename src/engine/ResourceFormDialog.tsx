/** The create/edit dialog of a generated screen: the declaration's inputs, yup validation, Guardar / Cancelar. */
import { Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useMemo } from 'react';
import { Button, Form, SaveButton, useTranslate, type RaRecord } from 'react-admin';
import type { ResourceDeclaration } from '../../resources/types';
import { createDefaults } from './declarationFields';
import { ResourceInputs } from './ResourceInputs';
import { useSaveRecord } from './useSaveRecord';
import { yupValidate } from './yupValidate';
import { resourceSchema } from '../../resources/fieldKinds';

export interface ResourceFormDialogProps {
  declaration: ResourceDeclaration;
  open: boolean;
  /** Absent: create. */
  record?: RaRecord;
  onClose: () => void;
}

export function ResourceFormDialog({ declaration, open, record, onClose }: ResourceFormDialogProps) {
  const translate = useTranslate();
  const save = useSaveRecord(declaration, onClose);
  const validate = useMemo(() => yupValidate(resourceSchema(declaration, declaration.idField), translate), [declaration, translate]);
  const title = translate(record ? 'engine.edit_title' : 'engine.create_title', { title: translate(declaration.title) });
  const titleId = `${declaration.name}-form-title`;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {open && (
        <Form
          record={record ?? createDefaults(declaration)}
          validate={validate}
          onSubmit={(values: Record<string, unknown>) => save(values, record)}
          id={`${declaration.name}-form`}
        >
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent>
            <ResourceInputs declaration={declaration} />
          </DialogContent>
          <DialogActions>
            <Button label="engine.cancel" onClick={onClose} />
            <SaveButton label="engine.save" alwaysEnable />
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
}

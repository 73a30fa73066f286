/**
 * The page of a singleton declaration (one settings record, `GET`/`PUT apiPath`): react-admin's `Edit` on
 * the record keyed by the resource name (the data provider reads and writes it without id), the
 * declaration's inputs in a SimpleForm with the yup schema, and its notice on save.
 */
import { useMemo, type ReactNode } from 'react';
import { Edit, SaveButton, SimpleForm, Toolbar, useNotify, useTranslate } from 'react-admin';
import { resourceSchema } from '../../resources/fieldKinds';
import type { ResourceDeclaration } from '../../resources/types';
import { hasOperation } from './declarationFields';
import { PREVIEWS } from './previews';
import { ResourceInputs } from './ResourceInputs';
import { yupValidate } from './yupValidate';

export function ResourceSingleton({ declaration, children }: { declaration: ResourceDeclaration; children?: ReactNode }) {
  const translate = useTranslate();
  const notify = useNotify();
  const validate = useMemo(() => yupValidate(resourceSchema(declaration, declaration.idField), translate), [declaration, translate]);
  const editable = hasOperation(declaration, 'update');
  // The declaration's live preview (src/engine/previews.tsx), after the inputs.
  const Preview = declaration.preview ? PREVIEWS[declaration.preview] : undefined;
  return (
    <Edit
      resource={declaration.name}
      id={declaration.name}
      title={declaration.title}
      actions={false}
      mutationMode="pessimistic"
      mutationOptions={{ onSuccess: () => notify(declaration.messages?.updated ?? 'engine.saved', { type: 'success' }) }}
      redirect={false}
    >
      <SimpleForm
        validate={validate}
        toolbar={
          editable ? (
            <Toolbar>
              <SaveButton label="engine.save" />
            </Toolbar>
          ) : (
            false
          )
        }
      >
        {children ?? <ResourceInputs declaration={declaration} />}
        {Preview && <Preview />}
      </SimpleForm>
    </Edit>
  );
}

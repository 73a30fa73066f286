/**
 * The editor of a declaration with `collectionUpdate` (`GET` the whole list, `PUT apiPath` with it, e.g. the global
 * content block's sliders, `/sliderconfglobal`): one form holding every record as a row of the declaration's inputs
 * (react-admin's ArrayInput; each row keeps its id, so the server modifies it, a new row is created, a removed one
 * deleted), each row checked by the declaration's yup schema, saved at once with the data provider's `updateCollection`.
 * With `collectionOrder` the rows move up and down (the server numbers them by place); with `maxRecords` 'Agregar' hides
 * once the list is full; a nested declaration's list is its parent's (`parentId`, the path's `{param}`).
 * A server refusal of a row (`items[2].nameSlider`) shows under that row's input (`rowErrors`).
 */
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { ArrayInput, SaveButton, SimpleForm, SimpleFormIterator, Toolbar, useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { ValidationError } from 'yup';
import { resourceSchema } from '../../resources/fieldKinds';
import type { ResourceDeclaration } from '../../resources/types';
import type { PortalesDataProvider } from '../../dataProvider';
import { formFields } from './declarationFields';
import { ResourceInputs } from './ResourceInputs';
import { validationErrors, type FormErrors } from './yupValidate';

/** The rows' inputs; 'Agregar' hidden once `maxRecords` rows are in the form. */
function CollectionRows({ declaration }: { declaration: ResourceDeclaration }) {
  const rows = (useWatch({ name: 'items' }) as unknown[] | undefined) ?? [];
  const full = declaration.maxRecords !== undefined && rows.length >= declaration.maxRecords.count;
  return (
    <ArrayInput source="items" label={declaration.title}>
      <SimpleFormIterator inline disableReordering={!declaration.collectionOrder} disableAdd={full}>
        <ResourceInputs declaration={declaration} compact />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/**
 * The server's refusals of a collection update as the form's errors: `items[2].nameSlider` is the third row's input
 * (`items.2.nameSlider`); a refusal of a whole row (`items[2]`) goes under its first input; others are left to the notice.
 */
export function rowErrors(errors: Record<string, string> | undefined, firstInput: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [target, message] of Object.entries(errors ?? {})) {
    const match = /^items\[(\d+)\](?:\.(.+))?$/.exec(target);
    if (match) result[`items.${match[1]}.${match[2] ?? firstInput}`] ??= message;
  }
  return result;
}

export function ResourceCollectionForm({ declaration, savedMessage, parentId }: { declaration: ResourceDeclaration; savedMessage?: string; parentId?: string | number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const meta = declaration.parent && parentId !== undefined ? { [declaration.parent.param]: parentId } : undefined;
  const { data, isPending, refetch } = useGetList(declaration.name, { pagination: { page: 1, perPage: declaration.pageSize }, sort: declaration.sort, filter: {}, meta });
  const schema = useMemo(() => resourceSchema(declaration, declaration.idField), [declaration]);
  const validate = useMemo(
    () =>
      async (values: Record<string, unknown>): Promise<FormErrors> => {
        const rows = (values.items as Record<string, unknown>[] | undefined) ?? [];
        const items: FormErrors = {};
        for (const [index, row] of rows.entries()) {
          try {
            await schema.validate(row, { abortEarly: false });
          } catch (error) {
            if (!(error instanceof ValidationError)) throw error;
            items[String(index)] = validationErrors(error, translate);
          }
        }
        return Object.keys(items).length > 0 ? { items } : {};
      },
    [schema, translate],
  );
  if (isPending) return null;
  const save = async (values: Record<string, unknown>): Promise<Record<string, string> | undefined> => {
    try {
      await dataProvider.updateCollection(declaration.name, { data: (values.items as Record<string, unknown>[] | undefined) ?? [], meta });
      notify(savedMessage ?? declaration.messages?.updated ?? 'engine.saved', { type: 'success' });
      await refetch();
      return undefined;
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', { type: 'error' });
      const firstInput = formFields(declaration)[0]?.source ?? declaration.idField;
      const errors = rowErrors((error as { body?: { errors?: Record<string, string> } })?.body?.errors, firstInput);
      return Object.keys(errors).length > 0 ? errors : undefined;
    }
  };
  return (
    <SimpleForm
      key={String(parentId ?? '')}
      record={{ id: declaration.name, items: data ?? [] }}
      onSubmit={save}
      validate={validate}
      toolbar={
        <Toolbar>
          <SaveButton label="engine.save" />
        </Toolbar>
      }
    >
      <CollectionRows declaration={declaration} />
    </SimpleForm>
  );
}

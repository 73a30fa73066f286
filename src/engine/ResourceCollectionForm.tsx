/**
 * The editor of a declaration with `collectionUpdate` (`GET` the whole list, `PUT apiPath` with it, e.g. the global
 * content block's sliders, `/sliderconfglobal`): one form holding every record as a row of the declaration's inputs
 * (react-admin's ArrayInput; each row keeps its id, so the server modifies it, a new row is created, a removed one
 * deleted), each row checked by the declaration's yup schema, saved at once with the data provider's `updateCollection`.
 */
import { useMemo } from 'react';
import { ArrayInput, SaveButton, SimpleForm, SimpleFormIterator, Toolbar, useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { ValidationError } from 'yup';
import { resourceSchema } from '../../resources/fieldKinds';
import type { ResourceDeclaration } from '../../resources/types';
import type { PortalesDataProvider } from '../../dataProvider';
import { ResourceInputs } from './ResourceInputs';
import { validationErrors, type FormErrors } from './yupValidate';

export function ResourceCollectionForm({ declaration, savedMessage }: { declaration: ResourceDeclaration; savedMessage?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const { data, isPending, refetch } = useGetList(declaration.name, { pagination: { page: 1, perPage: declaration.pageSize }, sort: declaration.sort, filter: {} });
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
  const save = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.updateCollection(declaration.name, { data: (values.items as Record<string, unknown>[] | undefined) ?? [] });
      notify(savedMessage ?? declaration.messages?.updated ?? 'engine.saved', { type: 'success' });
      await refetch();
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', { type: 'error' });
    }
  };
  return (
    <SimpleForm
      record={{ id: declaration.name, items: data ?? [] }}
      onSubmit={save}
      validate={validate}
      toolbar={
        <Toolbar>
          <SaveButton label="engine.save" />
        </Toolbar>
      }
    >
      <ArrayInput source="items" label={declaration.title}>
        <SimpleFormIterator inline disableReordering>
          <ResourceInputs declaration={declaration} compact />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}

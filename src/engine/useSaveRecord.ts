/**
 * Saving a generated form: create or update through the react-admin dataProvider, then the
 * declaration's notice (or the generic one). A server refusal is notified with its message and its
 * field errors are returned to the form, which shows them under the inputs.
 */
import { useCallback } from 'react';
import { useCreate, useNotify, useUpdate, type RaRecord } from 'react-admin';
import type { ResourceDeclaration } from '../../resources/types';

interface ServerError {
  message?: string;
  body?: { errors?: Record<string, string> };
}

export function useSaveRecord(declaration: ResourceDeclaration, onSaved: () => void) {
  const [create] = useCreate();
  const [update] = useUpdate();
  const notify = useNotify();
  const resource = declaration.name;

  return useCallback(
    async (values: Record<string, unknown>, record?: RaRecord): Promise<Record<string, string> | undefined> => {
      try {
        if (record) {
          await update(resource, { id: record.id, data: values, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true });
          notify(declaration.messages?.updated ?? 'engine.saved', { type: 'success' });
        } else {
          await create(resource, { data: values }, { returnPromise: true });
          notify(declaration.messages?.created ?? 'engine.saved', { type: 'success' });
        }
        onSaved();
        return undefined;
      } catch (caught) {
        const error = caught as ServerError;
        notify(error?.message || 'ra.notification.http_error', { type: 'error' });
        const fieldErrors = error?.body?.errors;
        return fieldErrors && Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined;
      }
    },
    [create, update, notify, resource, declaration.messages, onSaved],
  );
}

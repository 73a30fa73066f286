/**
 * The buttons of a declaration's actions (resources/types.ts `ResourceAction`): record actions in each row,
 * collection actions above the list. Each shows only to holders of its permissions and, for a record, when
 * its `when(record)` rule applies; it asks its confirmation when it declares one, calls
 * `dataProvider.runAction`, notifies its success (or the server's refusal) and refreshes the list.
 * `sort` actions carry an order the user draws (drag and drop), not a click: they get no button here.
 */
import { useState } from 'react';
import { Button, useDataProvider, useNotify, usePermissions, useRecordContext, useRefresh, type RaRecord } from 'react-admin';
import { ContinueConfirm } from './ContinueConfirm';
import type { ResourceAction, ResourceDeclaration } from '../../resources/types';
import type { PortalesDataProvider } from '../../dataProvider';
import { actionApplies, actionTexts, permissionList, permittedActions } from './declarationFields';

export interface ResourceActionButtonProps {
  declaration: ResourceDeclaration;
  action: ResourceAction;
  /** Record actions: the record (default: the surrounding record context). */
  record?: RaRecord;
}

export function ResourceActionButton({ declaration, action, record: given }: ResourceActionButtonProps) {
  const contextRecord = useRecordContext();
  const record = given ?? (action.scope === 'record' ? contextRecord : undefined);
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const texts = actionTexts(declaration, action);
  if (action.scope === 'record' && !record) return null;

  const run = async () => {
    setRunning(true);
    try {
      await dataProvider.runAction(declaration.name, { action: action.name, id: record?.id });
      notify(texts.success, { type: 'success' });
      refresh();
    } catch (caught) {
      notify((caught as { message?: string })?.message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setRunning(false);
      setConfirming(false);
    }
  };

  return (
    <>
      <Button label={texts.label} disabled={running} onClick={() => (texts.confirm ? setConfirming(true) : void run())} />
      {texts.confirm && (
        <ContinueConfirm
          isOpen={confirming}
          loading={running}
          title="engine.confirm.title"
          content={texts.confirm}
          onConfirm={() => run()}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}

const withButton = (action: ResourceAction) => action.kind !== 'sort';

/** The permitted record actions that apply to the row's record. */
export function RecordActionButtons({ declaration }: { declaration: ResourceDeclaration }) {
  const record = useRecordContext();
  const { permissions } = usePermissions();
  if (!record) return null;
  const actions = permittedActions(declaration, 'record', permissionList(permissions)).filter(
    (action) => withButton(action) && actionApplies(action, record),
  );
  return (
    <>
      {actions.map((action) => (
        <ResourceActionButton key={action.name} declaration={declaration} action={action} record={record} />
      ))}
    </>
  );
}

/** The permitted collection actions, for the list's toolbar. */
export function CollectionActionButtons({ declaration }: { declaration: ResourceDeclaration }) {
  const { permissions } = usePermissions();
  const actions = permittedActions(declaration, 'collection', permissionList(permissions)).filter(withButton);
  return (
    <>
      {actions.map((action) => (
        <ResourceActionButton key={action.name} declaration={declaration} action={action} />
      ))}
    </>
  );
}

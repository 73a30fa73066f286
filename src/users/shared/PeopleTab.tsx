/**
 * One tab of the users page for a people declaration (administrators, site users), from the engine's parts: the list
 * (ResourceList: filters in the address, 20 a page, newest first), the declared columns, the export button, and an
 * 'Editar' button per row for holders of Users only (spec 01 §6: Reports reads, only Users changes anyone) opening
 * the tab's own edit modal.
 */
import EditIcon from '@mui/icons-material/Edit';
import type { ComponentType } from 'react';
import { Button, DataTable, ResourceContextProvider, TopToolbar, usePermissions, useRecordContext } from 'react-admin';
import type { ResourceDeclaration } from '../../../resources/types';
import { EngineStateProvider, ResourceEmpty, ResourceExports, ResourceList, listFields, useEngineState } from '../../engine';
import { permissionList } from '../../engine/declarationFields';
import { FieldCell } from '../../engine/ResourceColumns';
import { userFilters } from './userFilters';

/** Whether the signed-in superadmin may change administrators and site users. */
export function canChangePeople(permissions: unknown): boolean {
  return permissionList(permissions).includes('Users');
}

function EditButton() {
  const record = useRecordContext();
  const { startEdit } = useEngineState();
  if (!record) return null;
  return (
    <Button label="people.actions.edit" onClick={() => startEdit(record)}>
      <EditIcon />
    </Button>
  );
}

function PeopleTable({ declaration }: { declaration: ResourceDeclaration }) {
  const { permissions } = usePermissions();
  return (
    <DataTable bulkActionButtons={false} rowClick={false} empty={<ResourceEmpty declaration={declaration} />}>
      {listFields(declaration).map((field) => (
        <DataTable.Col key={field.source} source={field.source} label={field.label}>
          <FieldCell field={field} />
        </DataTable.Col>
      ))}
      {canChangePeople(permissions) && (
        <DataTable.Col label="engine.actions" disableSort align="right">
          <EditButton />
        </DataTable.Col>
      )}
    </DataTable>
  );
}

export function PeopleTab({ declaration, EditDialog }: { declaration: ResourceDeclaration; EditDialog: ComponentType }) {
  return (
    <ResourceContextProvider value={declaration.name}>
      <EngineStateProvider declaration={declaration}>
        <ResourceList
          declaration={declaration}
          filters={userFilters()}
          actions={
            <TopToolbar>
              <ResourceExports declaration={declaration} />
            </TopToolbar>
          }
        >
          <PeopleTable declaration={declaration} />
        </ResourceList>
        <EditDialog />
      </EngineStateProvider>
    </ResourceContextProvider>
  );
}

/**
 * Group management (/portales/grupos, spec 01 §2): the generated list (10 a page, name and countEntities, edit and
 * delete with confirmation) with its create and edit dialogs, whose inputs are the name and the ordered entity search
 * (GroupSitesInput) instead of the generated ones; the show page lists the group's rows of sites in order.
 */
import { Labeled, ResourceContextProvider, TextField, NumberField, useRecordContext, useTranslate } from 'react-admin';
import { List, ListItem, ListItemText } from '@mui/material';
import { groupsResource, type GroupRecord } from '../../../resources/groups';
import { EngineStateProvider, FieldInput, ResourceCreate, ResourceEdit, ResourceHeader, ResourceList, ResourceShow } from '../../engine';
import { GroupSitesInput } from './GroupSitesInput';

const nameField = groupsResource.fields.find((field) => field.source === 'name')!;

/** The form's inputs: the name (generated input) and the entities. */
export function GroupInputs() {
  return (
    <>
      <FieldInput field={nameField} />
      <GroupSitesInput />
    </>
  );
}

export function GroupCreate() {
  return (
    <ResourceCreate>
      <GroupInputs />
    </ResourceCreate>
  );
}

export function GroupEdit() {
  return (
    <ResourceEdit>
      <GroupInputs />
    </ResourceEdit>
  );
}

export function GroupsPage() {
  return (
    <ResourceContextProvider value={groupsResource.name}>
      <EngineStateProvider declaration={groupsResource}>
        <ResourceHeader declaration={groupsResource} />
        <ResourceList declaration={groupsResource} />
        <GroupCreate />
        <GroupEdit />
      </EngineStateProvider>
    </ResourceContextProvider>
  );
}

/** The group's rows of sites, in their order. */
export function GroupRows() {
  const record = useRecordContext<GroupRecord>();
  const translate = useTranslate();
  const rows = record?.rows ?? [];
  return (
    <List dense aria-label={translate('resources.groups.fields.rows')}>
      {rows.map((row, index) => (
        <ListItem key={row.siteID}>
          <ListItemText primary={`${index + 1}. ${row.name}`} />
        </ListItem>
      ))}
    </List>
  );
}

export function GroupShow() {
  return (
    <ResourceShow declaration={groupsResource}>
      <TextField source="name" label="resources.groups.fields.name" />
      <NumberField source="countEntities" label="resources.groups.fields.countEntities" />
      <Labeled label="resources.groups.fields.rows">
        <GroupRows />
      </Labeled>
    </ResourceShow>
  );
}

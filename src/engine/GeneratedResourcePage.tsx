/**
 * The screen of a declared resource (routes 'generated'), composed of the engine's parts so a custom
 * screen can start from it and replace one: the header (title, 'Atrás' to the parent index), then either
 * the singleton's form page or the list (ResourceList: filters in the address, toolbar with collection
 * actions, exports and 'Agregar', the table with per-row edit, delete and actions, pages or 'Ver más') with
 * its create and edit dialogs. Buttons show only for the operations the declaration has. A list edited only whole
 * (`collectionUpdate` without create or update) is one form of rows (ResourceCollectionForm), under a chooser of its
 * parent when nested (a featured menu per entity type); the declarations it names `alongside` follow, each its editor.
 */
import { FormControl, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { ResourceContextProvider, useGetList, useResourceContext, useTranslate } from 'react-admin';
import { findGeneratedResource } from '../../resources';
import { fieldLabelKey, type ResourceDeclaration } from '../../resources/types';
import { BackButton } from '../settings/BackButton';
import { hasOperation } from './declarationFields';
import { EngineStateProvider } from './engineState';
import { ResourceCollectionForm } from './ResourceCollectionForm';
import { ResourceCreate, ResourceEdit } from './ResourceFormDialog';
import { ResourceList } from './ResourceList';
import { ResourceSingleton } from './ResourceSingleton';

export interface GeneratedResourcePageProps {
  /** The declaration; when absent, the one `resource` names, else the one named by the surrounding ResourceContext. */
  declaration?: ResourceDeclaration;
  /** The resource's name (the route table's: src/routes/appRoutes.ts). */
  resource?: string;
  /** Several declarations on one area (the two policy histories): their lists one after the other. */
  resources?: readonly string[];
  /** Ignored (the title comes from the declaration); accepted from the shell's screen props. */
  title?: string;
}

/** The screen's heading and its way back to the parent index (a later list of a shared page: a sub-heading, no way back). */
export function ResourceHeader({ declaration, children, later }: { declaration: ResourceDeclaration; children?: ReactNode; later?: boolean }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', my: 2 }}>
      <Typography variant={later ? 'h6' : 'h5'} component={later ? 'h2' : 'h1'}>
        {translate(declaration.title)}
      </Typography>
      <Stack direction="row" spacing={1}>
        {children}
        {declaration.parentRoute && !later && <BackButton to={declaration.parentRoute} />}
      </Stack>
    </Stack>
  );
}

/** The generated list screen of a declaration: header, list, create and edit dialogs. */
export function ResourceListScreen({ declaration, shared, later }: { declaration: ResourceDeclaration; shared?: boolean; later?: boolean }) {
  return (
    <ResourceContextProvider value={declaration.name}>
      <EngineStateProvider declaration={declaration}>
        <ResourceHeader declaration={declaration} later={later} />
        <ResourceList declaration={declaration} shared={shared} />
        {hasOperation(declaration, 'create') && <ResourceCreate />}
        {declaration.editMode === 'dialog' && hasOperation(declaration, 'update') && <ResourceEdit />}
      </EngineStateProvider>
    </ResourceContextProvider>
  );
}

/**
 * A declaration's list edited inside another screen, under a second-level heading (the shortcuts in the settings
 * index, whose declaration names the `settings` area): the list with its create and edit dialogs.
 */
export function InlineResourceEditor({ declaration }: { declaration: ResourceDeclaration }) {
  const translate = useTranslate();
  return (
    <ResourceContextProvider value={declaration.name}>
      <EngineStateProvider declaration={declaration}>
        <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
          {translate(declaration.title)}
        </Typography>
        <ResourceList declaration={declaration} />
        {hasOperation(declaration, 'create') && <ResourceCreate />}
        {declaration.editMode === 'dialog' && hasOperation(declaration, 'update') && <ResourceEdit />}
      </EngineStateProvider>
    </ResourceContextProvider>
  );
}

/** The generated singleton screen: header and the record's form. */
export function ResourceSingletonScreen({ declaration }: { declaration: ResourceDeclaration }) {
  return (
    <ResourceContextProvider value={declaration.name}>
      <ResourceHeader declaration={declaration} />
      <ResourceSingleton declaration={declaration} />
    </ResourceContextProvider>
  );
}

/** A list the engine edits whole only: a collection update, no record create nor update. */
export function isWholeListEditor(declaration: ResourceDeclaration): boolean {
  return declaration.collectionUpdate === true && !hasOperation(declaration, 'create') && !hasOperation(declaration, 'update');
}

/** The parent records of a nested declaration, one chosen (the first at start): whose list the editor shows. */
function ParentChooser({ declaration, children }: { declaration: ResourceDeclaration; children: (parentId: string | number) => ReactNode }) {
  const translate = useTranslate();
  const labelId = useId();
  const parent = findGeneratedResource(declaration.parent!.resource);
  const display = declaration.parent!.display ?? parent?.idField ?? 'id';
  const { data = [] } = useGetList(declaration.parent!.resource, { pagination: { page: 1, perPage: parent?.maxPageSize ?? 1000 }, sort: parent?.sort ?? { field: 'id', order: 'ASC' }, filter: {} });
  const [chosen, setChosen] = useState<string | number | undefined>();
  const current = chosen ?? data[0]?.id;
  const label = translate(fieldLabelKey(declaration.name, declaration.parent!.field));
  return (
    <>
      <FormControl size="small" sx={{ minWidth: 280, mb: 2 }}>
        <InputLabel id={labelId}>{label}</InputLabel>
        <Select labelId={labelId} label={label} value={current ?? ''} onChange={(event) => setChosen(event.target.value)}>
          {data.map((record) => (
            <MenuItem key={String(record.id)} value={record.id}>
              {String(record[display] ?? record.id)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {current !== undefined && children(current)}
    </>
  );
}

/** The editor of a declaration shown on another's screen (`alongside`): its singleton form or its list. */
function AlongsideEditor({ name }: { name: string }) {
  const translate = useTranslate();
  const declaration = findGeneratedResource(name);
  if (!declaration) return null;
  return (
    <ResourceContextProvider value={declaration.name}>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {translate(declaration.title)}
      </Typography>
      {declaration.singleton ? <ResourceSingleton declaration={declaration} /> : isWholeListEditor(declaration) ? <ResourceCollectionForm declaration={declaration} /> : <ResourceList declaration={declaration} />}
    </ResourceContextProvider>
  );
}

/** The whole-list screen: header, the parent's chooser when nested, the rows' form, the declarations alongside. */
export function ResourceCollectionScreen({ declaration }: { declaration: ResourceDeclaration }) {
  return (
    <ResourceContextProvider value={declaration.name}>
      <ResourceHeader declaration={declaration} />
      {declaration.parent ? (
        <ParentChooser declaration={declaration}>{(parentId) => <ResourceCollectionForm declaration={declaration} parentId={parentId} />}</ParentChooser>
      ) : (
        <ResourceCollectionForm declaration={declaration} />
      )}
      {(declaration.alongside ?? []).map((name) => (
        <AlongsideEditor key={name} name={name} />
      ))}
    </ResourceContextProvider>
  );
}

export function GeneratedResourcePage({ declaration, resource: named, resources: several }: GeneratedResourcePageProps) {
  const contextResource = useResourceContext();
  if (!declaration && several && several.length > 1) {
    const declarations = several.map((name) => findGeneratedResource(name)).filter((found): found is ResourceDeclaration => found !== undefined);
    return (
      <>
        {declarations.map((found, index) => (
          <ResourceListScreen key={found.name} declaration={found} shared later={index > 0} />
        ))}
      </>
    );
  }
  const resource = named ?? contextResource;
  const resolved = declaration ?? (resource ? findGeneratedResource(resource) : undefined);
  if (!resolved) return null;
  if (resolved.singleton) return <ResourceSingletonScreen declaration={resolved} />;
  return isWholeListEditor(resolved) ? <ResourceCollectionScreen declaration={resolved} /> : <ResourceListScreen declaration={resolved} />;
}

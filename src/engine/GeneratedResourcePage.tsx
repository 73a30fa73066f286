/**
 * The screen of a declared resource (routes 'generated'), composed of the engine's parts so a custom
 * screen can start from it and replace one: the header (title, 'Atrás' to the parent index), then either
 * the singleton's form page or the list (ResourceList: filters in the address, toolbar with collection
 * actions, exports and 'Agregar', the table with per-row edit, delete and actions, pages or 'Ver más') with
 * its create and edit dialogs. Buttons show only for the operations the declaration has.
 */
import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ResourceContextProvider, useResourceContext, useTranslate } from 'react-admin';
import { findGeneratedResource } from '../../resources';
import type { ResourceDeclaration } from '../../resources/types';
import { BackButton } from '../settings/BackButton';
import { hasOperation } from './declarationFields';
import { EngineStateProvider } from './engineState';
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

/** The generated singleton screen: header and the record's form. */
export function ResourceSingletonScreen({ declaration }: { declaration: ResourceDeclaration }) {
  return (
    <ResourceContextProvider value={declaration.name}>
      <ResourceHeader declaration={declaration} />
      <ResourceSingleton declaration={declaration} />
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
  return resolved.singleton ? <ResourceSingletonScreen declaration={resolved} /> : <ResourceListScreen declaration={resolved} />;
}

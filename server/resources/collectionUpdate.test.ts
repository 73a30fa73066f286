/** How a collection update reads the list against the stored records (planCollection): pure, without a database. */
import { describe, expect, it } from 'vitest';
import type { ResourceDeclaration } from '../../resources/types';
import { defineTestResource } from '../../tests/helpers/testResource';
import { errors } from '../../i18n/es/errors';
import { validation } from '../../i18n/es/index';
import { ApiError } from '../http/errors';
import { planCollection } from './collectionUpdate';

const links = defineTestResource({
  name: 'links',
  apiPath: '/links',
  idField: 'id',
  table: 'links',
  route: '/enlaces',
  title: 'resources.links.title',
  fields: [
    { source: 'id', type: 'id', label: 'id' },
    { source: 'label', type: 'text', label: 'label', maxLength: 20, required: true },
  ],
  routeAccess: ['Settings'],
  permissions: { read: ['Settings'], write: ['Settings'] },
  sort: { field: 'id', order: 'ASC' },
  pageSize: 20,
  editMode: 'inline',
  collectionUpdate: true,
});
const aliases: ResourceDeclaration = { ...links, idField: 'alias', fields: [{ source: 'alias', type: 'text', label: 'alias', maxLength: 20 }, links.fields[1]!] };

const stored = new Map([['4', { id: 4, label: 'Inicio' }]]);

async function refusal(declaration: ResourceDeclaration, items: unknown[]) {
  const error = await planCollection(declaration, items, stored).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return (error as ApiError).details.map((detail) => [detail.target, detail.message]);
}

describe('planCollection', () => {
  it('updates the items naming a stored record and creates the others, in the order sent', async () => {
    const planned = await planCollection(links, [{ label: 'Nuevo' }, { id: '4', label: 'Portada' }], stored);
    expect(planned).toEqual([
      { index: 0, before: undefined, validated: { label: 'Nuevo' } },
      { index: 1, before: { id: 4, label: 'Inicio' }, validated: { label: 'Portada' } },
    ]);
  });

  it('names each refused item by its index, all at once', async () => {
    expect(await refusal(links, [{ label: '' }, 'texto', { id: 99, label: 'Otro' }, { id: 4, label: 'A' }, { id: 4, label: 'B' }])).toEqual([
      ['items[0].label', validation.field.required],
      ['items[1]', errors.collection_item],
      ['items[2].id', errors.collection_unknown_id],
      ['items[4].id', errors.collection_repeated_id],
    ]);
  });

  it('creates a record under a text id that is not stored, validating that id', async () => {
    const planned = await planCollection(aliases, [{ alias: 'nuevo', label: 'Nuevo' }], new Map());
    expect(planned).toEqual([{ index: 0, before: undefined, validated: { alias: 'nuevo', label: 'Nuevo' } }]);
    expect(await refusal(aliases, [{ label: 'Sin alias' }])).toEqual([['items[0].alias', validation.field.required]]);
  });
});

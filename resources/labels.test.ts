/**
 * Field labels by convention (issue 6): every declared field's label is `resources.<name>.fields.<source>` and every
 * enum choice's `resources.<name>.choices.<source>.<id>`, and each key has a Spanish text.
 */
import { describe, expect, it } from 'vitest';
import { spanishMessages } from '../i18n/es/index';
import { lookup, type MessageTree } from '../i18n/translate';
import { choiceLabelKey } from './fieldKinds';
import { resources } from './index';
import { choiceKey, defineCustomResource, fieldLabelKey, withFieldLabels } from './types';

const messages = spanishMessages as unknown as MessageTree;
const text = (key: string) => lookup(messages, key);

/**
 * Fields whose label is deliberately another key than the convention's, as `<resource>.<source>` → why. None today;
 * an entry here must say why the field cannot use its own key.
 */
const OWN_LABELS: Readonly<Record<string, string>> = {};

const declaredFields = resources.flatMap((resource) => (resource.fields ?? []).map((field) => ({ resource: resource.name, field })));

describe('field labels by convention', () => {
  it('reads the declared fields of every resource (the checks cannot pass vacuously)', () => {
    expect(resources.length).toBeGreaterThanOrEqual(18);
    expect(declaredFields.length).toBeGreaterThanOrEqual(140);
    expect(declaredFields.filter(({ field }) => field.type === 'enum').length).toBeGreaterThanOrEqual(4);
  });

  it('every field of every resource resolves to a Spanish text', () => {
    const missing = declaredFields.filter(({ field }) => typeof text(field.label) !== 'string').map(({ resource, field }) => `${resource}.${field.source}: ${field.label}`);
    expect(missing).toEqual([]);
  });

  it('every field uses the key `resources.<name>.fields.<source>`, apart from the listed exceptions', () => {
    const off = declaredFields
      .filter(({ resource, field }) => field.label !== fieldLabelKey(resource, field.source) && !(`${resource}.${field.source}` in OWN_LABELS))
      .map(({ resource, field }) => `${resource}.${field.source}: ${field.label}`);
    expect(off).toEqual([]);
  });

  it('every enum choice uses `resources.<name>.choices.<source>.<id>` and has a Spanish text', () => {
    const choices = declaredFields.flatMap(({ resource, field }) => (field.choices ?? []).map((choice) => ({ resource, field, choice })));
    expect(choices.length).toBeGreaterThanOrEqual(10);
    const wrong = choices
      .map(({ resource, field, choice }) => ({ key: choiceLabelKey(resource, field, choice), expected: choiceKey(resource, field.source, choice.id) }))
      .filter(({ key, expected }) => key !== expected || typeof text(key) !== 'string')
      .map(({ key }) => key);
    expect(wrong).toEqual([]);
  });

  it('each resource answers its title and its texts under `resources.<name>`', () => {
    const withoutTexts = resources.filter((resource) => (resource.fields?.length ?? 0) > 0 && lookup(messages, `resources.${resource.name}.fields.${resource.fields![0]!.source}`) === undefined);
    expect(withoutTexts.map((resource) => resource.name)).toEqual([]);
    expect(resources.filter((resource) => typeof text(resource.title) !== 'string').map((resource) => resource.title)).toEqual([]);
  });
});

describe('fieldLabelKey and the declarations', () => {
  it('derives the key from the resource name and the source', () => {
    expect(fieldLabelKey('sites', 'allowedUrl')).toBe('resources.sites.fields.allowedUrl');
    expect(choiceKey('backups', 'status', 'ready')).toBe('resources.backups.choices.status.ready');
    expect(text(fieldLabelKey('sites', 'allowedUrl'))).toBe('Dominio (URL)');
    expect(text(choiceKey('siterequests', 'kind', 'FirstTime'))).toBe('Primera vez');
  });

  it('fills a missing label and keeps a declared one', () => {
    const fields = withFieldLabels('cards', [
      { source: 'name', type: 'text' },
      { source: 'note', type: 'text', label: 'resources.sites.fields.name' },
    ]);
    expect(fields.map((field) => field.label)).toEqual(['resources.cards.fields.name', 'resources.sites.fields.name']);
    const custom = defineCustomResource({
      name: 'things',
      apiPath: '/things/',
      idField: 'id',
      title: 'resources.permissions.title',
      routes: 'custom',
      permissions: { read: 'authenticated', write: [] },
      fields: [{ source: 'id', type: 'id' }],
    });
    expect(custom.fields?.[0]?.label).toBe('resources.things.fields.id');
  });

  it('an enum choice names its own key only when it declares one', () => {
    expect(choiceLabelKey('backups', { source: 'status' }, { id: 'ready' })).toBe('resources.backups.choices.status.ready');
    expect(choiceLabelKey('backups', { source: 'status' }, { id: 'ready', labelKey: 'x.y' })).toBe('x.y');
  });
});

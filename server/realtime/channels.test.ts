import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../context';
import type { Database } from '../db/connection';
import { canReadChannel, channelDefinition, defineChannel } from './channels';

defineChannel({ name: 'prueba-informes', access: { permissions: ['Reports', 'Settings'] }, summary: 'prueba' });
defineChannel({ name: 'prueba-todos', access: 'authenticated', summary: 'prueba' });
defineChannel({
  name: 'prueba-lote',
  access: { permissions: ['Sites'] },
  parameterised: true,
  summary: 'prueba',
  canRead: async (_database, _user, id) => id !== '13',
});

const user = (...permissions: string[]): AuthUser => ({ id: 1, name: 'Ana', email: 'ana@portales.test', permissions, sessionId: 's' });
const database = {} as Database;

describe('canReadChannel', () => {
  it.each([
    ['sites with Sites', 'sites', user('Sites'), true],
    ['sites without Sites', 'sites', user('Settings'), false],
    ['any listed permission suffices', 'prueba-informes', user('Settings'), true],
    ['none of the listed permissions', 'prueba-informes', user('Sites'), false],
    ['authenticated: no permission needed', 'prueba-todos', user(), true],
    ['a family member', 'prueba-lote:12', user('Sites'), true],
    ['a family member refused by canRead', 'prueba-lote:13', user('Sites'), false],
    ['a family member without the permission', 'prueba-lote:12', user('Reports'), false],
    ['a family without its id', 'prueba-lote', user('Sites'), false],
    ['a plain channel with an id', 'sites:1', user('Sites'), false],
    ['unknown', 'nada', user('Sites'), false],
    ['malformed', 'Sites!', user('Sites'), false],
  ])('%s', async (_name, channel, who, expected) => {
    expect(await canReadChannel(database, who, channel)).toBe(expected);
  });
});

describe('defineChannel', () => {
  it('refuses a name declared twice or not lower-case', () => {
    expect(() => defineChannel({ name: 'sites', access: 'authenticated', summary: 'otra' })).toThrow(/twice/);
    expect(() => defineChannel({ name: 'Mayus', access: 'authenticated', summary: 'x' })).toThrow(/invalid/);
    expect(channelDefinition('prueba-lote:7')).toMatchObject({ id: '7' });
  });
});

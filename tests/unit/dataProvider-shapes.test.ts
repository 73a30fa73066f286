/**
 * The data provider on the declaration's shapes (resources/types.ts): nested paths, singletons, collection
 * updates, declared actions and string ids, against a fake client that records each call.
 */
import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../dataProvider/index';
import type { Client, HttpResponse, RequestOptions } from '../../dataProvider/httpClient';
import { MissingPathParamError } from '../../dataProvider/resourcePaths';
import { defineResource, type ResourceDeclaration } from '../../resources/types';

interface Call {
  path: string;
  options: RequestOptions;
}

function fakeClient(answer: (call: Call) => unknown = () => ({})) {
  const calls: Call[] = [];
  const client = (async (path: string, options: RequestOptions = {}) => {
    const call = { path, options };
    calls.push(call);
    const json = answer(call);
    return { status: 200, headers: new Headers(), json, body: JSON.stringify(json) } as HttpResponse;
  }) as Client;
  return { client, calls };
}

const base = {
  route: '/x',
  title: 'resources.x.title',
  routeAccess: ['Settings'],
  permissions: { read: ['Settings'], write: ['Settings'] },
  sort: { field: 'id', order: 'ASC' },
  pageSize: 20,
  editMode: 'dialog',
} as const;

const messages = defineResource({
  ...base,
  name: 'messages',
  apiPath: '/chats/{chatId}/messages/',
  idField: 'messageID',
  table: 'messages',
  parent: { param: 'chatId', field: 'chatID', resource: 'chats' },
  fields: [
    { source: 'messageID', type: 'id', label: 'x' },
    { source: 'text', type: 'text', label: 'x' },
  ],
});

const settings = defineResource({
  ...base,
  name: 'footer',
  apiPath: '/footer',
  idField: 'footerID',
  table: 'footer',
  singleton: true,
  fields: [{ source: 'text', type: 'text', label: 'x' }],
});

const contents = defineResource<{ id: string; enabled: boolean }>({
  ...base,
  name: 'contents',
  apiPath: '/contents/',
  idField: 'id',
  table: 'contents',
  collectionUpdate: true,
  fields: [
    { source: 'id', type: 'id', label: 'x' },
    { source: 'enabled', type: 'boolean', label: 'x' },
  ],
  actions: [
    { name: 'enable', kind: 'enable', method: 'POST', path: '{id}/enable', scope: 'record', field: 'enabled' },
    { name: 'move', kind: 'sort', method: 'POST', path: '{id}/sort/{targetId}', scope: 'record', field: 'order' },
    { name: 'reorder', kind: 'sort', method: 'PUT', path: 'sort', scope: 'collection', field: 'order' },
  ],
});

const notes = defineResource({
  ...base,
  name: 'notes',
  apiPath: '/sites/comments',
  idField: 'noteID',
  table: 'notes',
  updateInBody: true,
  fields: [
    { source: 'noteID', type: 'id', label: 'x' },
    { source: 'text', type: 'text', label: 'x' },
  ],
});

const declarations: ResourceDeclaration[] = [messages, settings, notes, contents as unknown as ResourceDeclaration];
const find = (name: string) => declarations.find((declaration) => declaration.name === name);

describe('data provider: nested paths', () => {
  it('lists under the parent named by the filter, which leaves the query', async () => {
    const { client, calls } = fakeClient(() => ({ results: [{ messageID: 3, text: 'hola' }], meta: { hasNextPage: false } }));
    const provider = createDataProvider(client, find);
    const { data } = await provider.getList('messages', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { chatId: 7, q: 'ho' },
    });
    expect(calls[0]!.path).toBe('/chats/7/messages/');
    expect(calls[0]!.options.query).toEqual({ page: 1, pageSize: 10, orderBy: 'messageID', search: 'ho' });
    expect(data).toEqual([{ messageID: 3, text: 'hola', id: 3 }]);
  });

  it('reads, creates, updates and deletes under the parent named by meta', async () => {
    const { client, calls } = fakeClient((call) => ({ messageID: 3, text: 'hola', path: call.path }));
    const provider = createDataProvider(client, find);
    const meta = { chatId: 'a b' };
    await provider.getOne('messages', { id: 3, meta });
    await provider.create('messages', { data: { text: 'hola' }, meta });
    await provider.update('messages', { id: 3, data: { text: 'hola' }, previousData: { id: 3 }, meta });
    await provider.delete('messages', { id: 3, meta });
    expect(calls.map((call) => `${call.options.method ?? 'GET'} ${call.path}`)).toEqual([
      'GET /api/v1/chats/a%20b/messages/3',
      'POST /api/v1/chats/a%20b/messages',
      'PUT /api/v1/chats/a%20b/messages/3',
      'DELETE /api/v1/chats/a%20b/messages/3',
    ]);
  });

  it('refuses a call that names no parent', async () => {
    const provider = createDataProvider(fakeClient().client, find);
    await expect(provider.getOne('messages', { id: 3 })).rejects.toBeInstanceOf(MissingPathParamError);
  });

  it('keeps getMany one call under the parent', async () => {
    const { client, calls } = fakeClient(() => ({ results: [{ messageID: 3 }, { messageID: 4 }] }));
    const provider = createDataProvider(client, find);
    const { data } = await provider.getMany('messages', { ids: [3, 4], meta: { chatId: 7 } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/chats/7/messages/');
    expect(data.map((record) => record.id)).toEqual([3, 4]);
  });
});

describe('data provider: update with the id in the body (updateInBody)', () => {
  it('updates with PUT on the collection path, the id field in the body', async () => {
    const { client, calls } = fakeClient((call) => call.options.body);
    const provider = createDataProvider(client, find);
    const { data } = await provider.update('notes', { id: 4, data: { id: 4, noteID: 4, text: 'nueva' }, previousData: { id: 4 } });
    expect(calls.map((call) => `${call.options.method ?? 'GET'} ${call.path}`)).toEqual(['PUT /sites/comments']);
    expect(calls[0]!.options.body).toMatchObject({ noteID: 4, text: 'nueva' });
    expect(data).toMatchObject({ id: 4, noteID: 4, text: 'nueva' });
  });
});

describe('data provider: singletons and collection updates', () => {
  it('reads and writes a singleton on its path without id', async () => {
    const { client, calls } = fakeClient((call) => (call.options.method === 'PUT' ? call.options.body : { text: 'pie' }));
    const provider = createDataProvider(client, find);
    const read = await provider.getOne('footer', { id: 'footer' });
    expect(read.data).toEqual({ text: 'pie', id: 'footer' });
    const written = await provider.update('footer', { id: 'footer', data: { text: 'nuevo' }, previousData: read.data });
    expect(calls.map((call) => `${call.options.method ?? 'GET'} ${call.path}`)).toEqual(['GET /footer', 'PUT /footer']);
    expect(calls[1]!.options.body).toEqual({ text: 'nuevo' });
    expect(written.data).toEqual({ text: 'nuevo', id: 'footer' });
  });

  it("keys a singleton by the resource name even when its row answers an id (react-admin's Edit asks for that one)", async () => {
    const { client } = fakeClient(() => ({ footerID: 1, text: 'pie' }));
    const read = await createDataProvider(client, find).getOne('footer', { id: 'footer' });
    expect(read.data.id).toBe('footer');
  });

  it('replaces a collection with one PUT of the whole list', async () => {
    const { client, calls } = fakeClient((call) => call.options.body);
    const provider = createDataProvider(client, find);
    const { data } = await provider.updateCollection('contents', { data: [{ id: 'a', enabled: true }, { id: 'b', enabled: false }] });
    expect(calls).toEqual([{ path: '/contents/', options: { method: 'PUT', body: [{ id: 'a', enabled: true }, { id: 'b', enabled: false }] } }]);
    expect(data.map((record) => record.id)).toEqual(['a', 'b']);
  });
});

describe('data provider: declared actions', () => {
  it("calls a record action on its declared path and method, with a string id", async () => {
    const { client, calls } = fakeClient(() => ({ id: 'x/1', enabled: true }));
    const provider = createDataProvider(client, find);
    const { data } = await provider.runAction('contents', { action: 'enable', id: 'x/1' });
    expect(calls[0]).toEqual({ path: '/contents/x%2F1/enable', options: { method: 'POST', body: undefined } });
    expect(data).toEqual({ id: 'x/1', enabled: true });
  });

  it('fills the other params of the path', async () => {
    const { client, calls } = fakeClient(() => null);
    await createDataProvider(client, find).runAction('contents', { action: 'move', id: 4, params: { targetId: 9 } });
    expect(calls[0]!.path).toBe('/contents/4/sort/9');
  });

  it('sends a collection action with its body', async () => {
    const { client, calls } = fakeClient(() => null);
    await createDataProvider(client, find).runAction('contents', { action: 'reorder', data: [{ id: 'a', order: 1 }] });
    expect(calls[0]).toEqual({ path: '/contents/sort', options: { method: 'PUT', body: [{ id: 'a', order: 1 }] } });
  });

  it('refuses an action the declaration does not declare, and one missing its params', async () => {
    const provider = createDataProvider(fakeClient().client, find);
    await expect(provider.runAction('contents', { action: 'publish', id: 1 })).rejects.toThrow(/publish/);
    await expect(provider.runAction('contents', { action: 'move', id: 4 })).rejects.toBeInstanceOf(MissingPathParamError);
  });
});

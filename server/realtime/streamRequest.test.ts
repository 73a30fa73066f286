import { describe, expect, it } from 'vitest';
import { MAX_CHANNELS, streamRequest } from './streamRequest';

describe('streamRequest', () => {
  const cases: Array<[string, Parameters<typeof streamRequest>[0], string | string[] | undefined, ReturnType<typeof streamRequest>]> = [
    ['one channel', { channels: 'sites' }, undefined, { channels: ['sites'], lastEventId: null }],
    ['trimmed and deduplicated', { channels: ' sites, jobs:4 ,sites,' }, undefined, { channels: ['sites', 'jobs:4'], lastEventId: null }],
    ['no channel', { channels: ' , ' }, undefined, { error: { target: 'channels', messageKey: 'realtime.channels_required' } }],
    ['channels missing', {}, undefined, { error: { target: 'channels', messageKey: 'realtime.channels_required' } }],
    ['too many channels', { channels: Array.from({ length: MAX_CHANNELS + 1 }, (_, i) => `c${i}`).join(',') }, undefined, { error: { target: 'channels', messageKey: 'realtime.channels_required' } }],
    ['Last-Event-ID header', { channels: 'sites' }, '42', { channels: ['sites'], lastEventId: 42 }],
    ['header wins over the query', { channels: 'sites', lastEventId: '7' }, '42', { channels: ['sites'], lastEventId: 42 }],
    ['query when no header', { channels: 'sites', lastEventId: '7' }, undefined, { channels: ['sites'], lastEventId: 7 }],
    ['empty header means from now', { channels: 'sites' }, '', { channels: ['sites'], lastEventId: null }],
    ['not a number', { channels: 'sites' }, 'abc', { error: { target: 'lastEventId', messageKey: 'realtime.last_event_id_invalid' } }],
    ['negative', { channels: 'sites', lastEventId: '-1' }, undefined, { error: { target: 'lastEventId', messageKey: 'realtime.last_event_id_invalid' } }],
    ['too long', { channels: 'sites', lastEventId: '1'.repeat(16) }, undefined, { error: { target: 'lastEventId', messageKey: 'realtime.last_event_id_invalid' } }],
  ];
  it.each(cases)('%s', (_name, query, header, expected) => {
    expect(streamRequest(query, header)).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { classifyMailFailure, failureDetail } from './mailFailures';

const smtp = (responseCode: number, response: string) => Object.assign(new Error(`Message failed: ${response}`), { responseCode, response, code: 'EENVELOPE' });
const socket = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:25`), { code });

describe('classifyMailFailure', () => {
  it.each([
    ['421 service not available', smtp(421, '421 4.3.2 Service not available'), 'temporary'],
    ['450 mailbox busy', smtp(450, '450 Mailbox busy'), 'temporary'],
    ['452 insufficient storage', smtp(452, '452 Insufficient storage'), 'temporary'],
    ['550 no such user', smtp(550, '550 5.1.1 No such user'), 'permanent'],
    ['554 rejected', smtp(554, '554 Transaction failed'), 'permanent'],
    ['535 bad credentials', smtp(535, '535 Authentication failed'), 'permanent'],
    ['connection refused (nodemailer)', socket('ECONNECTION'), 'connection'],
    ['connection refused (socket)', socket('ECONNREFUSED'), 'connection'],
    ['timeout', socket('ETIMEDOUT'), 'connection'],
    ['dns', socket('EDNS'), 'connection'],
    ['disk full writing the .eml', socket('ENOSPC'), 'connection'],
    ['bad envelope without reply', socket('EENVELOPE'), 'permanent'],
    ['unknown error', new Error('boom'), 'permanent'],
    ['not an error', 'text', 'permanent'],
    ['odd reply code', Object.assign(new Error('x'), { responseCode: 250 }), 'permanent'],
  ])('%s', (_name, error, expected) => {
    expect(classifyMailFailure(error)).toBe(expected);
  });
});

describe('failureDetail', () => {
  it('prefers the server reply, on one line', () => {
    expect(failureDetail(smtp(550, '550 5.1.1\n No such user'))).toBe('550 5.1.1 No such user');
  });
  it('names the socket code', () => {
    expect(failureDetail(Object.assign(new Error('connect refused'), { code: 'ECONNREFUSED' }))).toBe('ECONNREFUSED: connect refused');
  });
  it('is capped', () => {
    expect(failureDetail(new Error('x'.repeat(2000))).length).toBe(500);
  });
});

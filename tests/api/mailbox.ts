/**
 * Reads the .eml files the mailer writes under the test app's mail folder (no SMTP in tests):
 * headers unfolded, encoded-word subjects and quoted-printable/base64 bodies decoded.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface StoredMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    const char = soft[i]!;
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

export function parseMail(file: string): StoredMail {
  const raw = fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  const split = raw.indexOf('\n\n');
  const headerText = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = raw.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of headerText.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return { file, to: decodeWords(headers.get('to') ?? ''), subject: decodeWords(headers.get('subject') ?? ''), text };
}

/** Every stored mail, oldest first. */
export function readMailbox(mailDir: string): StoredMail[] {
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => path.join(mailDir, name))
    .sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs || a.localeCompare(b))
    .map(parseMail);
}

/** The mails sent to `address` (case-insensitive). */
export function mailsTo(mailDir: string, address: string): StoredMail[] {
  return readMailbox(mailDir).filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}

/** The recovery/invitation token in a mail's /recordar-clave/{token} link. */
export function linkToken(mail: StoredMail): string {
  const match = /\/recordar-clave\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no /recordar-clave/ link in ${mail.file}`);
  return match[1]!;
}

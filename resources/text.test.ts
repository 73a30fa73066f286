import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { spanishMessages } from '../i18n/es';
import { lookup, type MessageTree } from '../i18n/translate';
import { catalogueName } from './catalogues/validation';
import { FIELD_KINDS } from './fieldKinds';
import { newSiteRequestSchema } from './newSiteRequest';
import { siteFormSchema } from './siteForm';
import { changeStatusSchema } from './siteRequestRules';
import { superadminSchema } from './superadmins';
import { trimmedLowerString, trimmedString } from './text';

/** The refusal of `schema` for `body`: its message keys by path, or the error that is not a refusal (a TypeError). */
async function refusals(schema: yup.Schema, body: unknown): Promise<Record<string, string>> {
  try {
    await schema.validate(body, { abortEarly: false, stripUnknown: true });
    return {};
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const failures = error.inner.length > 0 ? error.inner : [error];
    return Object.fromEntries(failures.map((failure) => [failure.path ?? '', String(failure.message)]));
  }
}

const NOT_TEXT: unknown[] = [['a'], { a: 1 }, [], {}];

describe('trimmed texts', () => {
  it('trim and lower-case text, and refuse anything that is not text with a Spanish message', async () => {
    expect(await trimmedString().validate('  hola ')).toBe('hola');
    expect(await trimmedLowerString().validate(' Ana@Correo.CO ')).toBe('ana@correo.co');
    for (const value of NOT_TEXT) {
      await expect(trimmedString().validate(value)).rejects.toThrow(yup.ValidationError);
      const { x: message } = await refusals(yup.object({ x: trimmedLowerString() }), { x: value });
      expect(lookup(spanishMessages as unknown as MessageTree, message!), JSON.stringify(value)).toBe('Debes ingresar un texto');
    }
  });

  it.each([
    ['POST /newsite/ reCaptcha', newSiteRequestSchema, 'reCaptcha'],
    ['changestatus responseMessage', changeStatusSchema, 'responseMessage'],
    ['site name', siteFormSchema, 'name'],
    ['superadmin name', superadminSchema, 'name'],
    ['superadmin email', superadminSchema, 'email'],
    ['catalogue name', yup.object({ name: catalogueName() }), 'name'],
    ['text kind', yup.object({ name: FIELD_KINDS.text.rule({ source: 'name', type: 'text', label: 'name' }) }), 'name'],
    ['email kind', yup.object({ email: FIELD_KINDS.email.rule({ source: 'email', type: 'email', label: 'email' }) }), 'email'],
    ['color kind', yup.object({ color: FIELD_KINDS.color.rule({ source: 'color', type: 'color', label: 'color' }) }), 'color'],
  ] as const)('%s: an array or an object is refused under its field, never a TypeError', async (_name, schema, field) => {
    for (const value of NOT_TEXT) {
      const found = await refusals(schema as yup.Schema, { status: 'Rejected', [field]: value });
      expect(found[field], JSON.stringify(value)).toBeTruthy();
    }
  });

  it("no source calls yup's own .trim(), .lowercase() or .uppercase() on a string schema (they throw on arrays)", () => {
    const root = path.resolve(__dirname, '..');
    const chain = /yup\s*\.string\(\)(?:\s*\.\w+\((?:[^()]|\([^()]*\))*\))*?\s*\.(trim|lowercase|uppercase)\(/;
    const offenders: string[] = [];
    const visit = (folder: string) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) visit(full);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && chain.test(fs.readFileSync(full, 'utf8'))) offenders.push(path.relative(root, full));
      }
    };
    for (const folder of ['resources', 'server', 'src']) visit(path.join(root, folder));
    expect(offenders).toEqual([]);
    // The pattern finds what it is meant to find.
    expect(chain.test("name: yup\n    .string()\n    .required('x')\n    .trim()")).toBe(true);
  });
});

/**
 * What the engine writes and reads beside a record's own columns: the `manyToMany` links (a junction table per field,
 * server/db/resourceTable.ts `junctionTable`) and the `file`/`image` references (server/resources/fileFields.ts).
 * All of it runs in the record's transaction; reads cost one query per field for a whole page, not one per row.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fieldColumn, JUNCTION_COLUMNS, junctionTableName, type FieldDeclaration, type ResourceDeclaration } from '../../resources/types';
import type { Db } from '../db/connection';
import { badArgument } from '../http/errors';
import { checkFileFields, fieldElementType, fileFields, readFileFields, releaseFileRefs, saveFileRefs } from './fileFields';
import { registeredResource } from './references';

type ResourceRecord = Record<string, unknown>;
/** The `manyToMany` values a body sets: source → ids (in order), without repeats. */
export type Links = Map<string, number[]>;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
const identifier = (name: string) => sql.raw(quoted(name));
const list = (ids: readonly number[]): SQL => sql.join(ids.map((id) => sql`${id}`), sql`, `);

const hasSerialId = (declaration: ResourceDeclaration): boolean =>
  declaration.fields.some((field) => field.source === declaration.idField && field.type === 'id');

export const manyToManyFields = (declaration: ResourceDeclaration): FieldDeclaration[] =>
  declaration.fields.filter((field) => field.type === 'manyToMany');

async function rowsOf<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = await db.execute(statement);
  return ((Array.isArray(result) ? result : (result as { rows?: unknown[] }).rows) ?? []) as T[];
}

/** Takes the `manyToMany` values out of the values to store (they have no column); a field left out is not in `links`. */
export function splitLinks(declaration: ResourceDeclaration, values: ResourceRecord): { values: ResourceRecord; links: Links } {
  const rest = { ...values };
  const links: Links = new Map();
  for (const field of manyToManyFields(declaration)) {
    if (!(field.source in rest)) continue;
    const value = rest[field.source];
    delete rest[field.source];
    links.set(field.source, [...new Set((Array.isArray(value) ? value : []).map(Number))]);
  }
  return { values: rest, links };
}

/** Refuses (400 'El registro seleccionado no existe', the field as target) a link to a missing or soft-deleted record, locking the linked rows. */
export async function checkLinks(app: FastifyInstance, db: Db, declaration: ResourceDeclaration, links: Links): Promise<void> {
  for (const field of manyToManyFields(declaration)) {
    const ids = links.get(field.source);
    if (!ids || ids.length === 0) continue;
    const target = registeredResource(app, field.reference!.resource);
    if (!hasSerialId(target)) throw new Error(`resource ${target.name}: linked by ${declaration.name}.${field.source}, needs a serial id`);
    const idColumn = fieldColumn(target.fields.find((candidate) => candidate.source === target.idField)!);
    const softDelete = target.softDelete ? target.fields.find((candidate) => candidate.source === target.softDelete?.field) : undefined;
    const visible = softDelete ? sql` and not ${identifier(fieldColumn(softDelete))}` : sql``;
    const found = await rowsOf<{ id: number }>(
      db,
      sql`select ${identifier(idColumn)} as id from ${identifier(target.table)} where ${identifier(idColumn)} in (${list(ids)})${visible} for key share`,
    );
    if (found.length !== ids.length) throw badArgument(field.source, 'validation.field.reference');
  }
}

/** Replaces each given field's set of links of one record (in order when `ordered`). */
export async function saveLinks(db: Db, declaration: ResourceDeclaration, recordId: number, links: Links): Promise<void> {
  for (const field of manyToManyFields(declaration)) {
    const ids = links.get(field.source);
    if (!ids) continue;
    const junction = identifier(junctionTableName(declaration, field));
    await db.execute(sql`delete from ${junction} where ${identifier(JUNCTION_COLUMNS.record)} = ${recordId}`);
    if (ids.length === 0) continue;
    const rows = ids.map((id, position) => (field.ordered ? sql`(${recordId}, ${id}, ${position})` : sql`(${recordId}, ${id})`));
    const columns = [JUNCTION_COLUMNS.record, JUNCTION_COLUMNS.target, ...(field.ordered ? [JUNCTION_COLUMNS.position] : [])].map(identifier);
    await db.execute(sql`insert into ${junction} (${sql.join(columns, sql`, `)}) values ${sql.join(rows, sql`, `)}`);
  }
}

/** Each record's links per `manyToMany` field: one query per field for all the records. */
export async function readLinks(db: Db, declaration: ResourceDeclaration, records: ResourceRecord[]): Promise<ResourceRecord[]> {
  const fields = manyToManyFields(declaration);
  if (fields.length === 0 || records.length === 0) return records;
  const ids = records.map((record) => Number(record[declaration.idField]));
  const read = records.map((record) => ({ ...record }));
  for (const field of fields) {
    const order = field.ordered ? JUNCTION_COLUMNS.position : JUNCTION_COLUMNS.target;
    const rows = await rowsOf<{ record_id: number; target_id: number }>(
      db,
      sql`select ${identifier(JUNCTION_COLUMNS.record)} as record_id, ${identifier(JUNCTION_COLUMNS.target)} as target_id from ${identifier(junctionTableName(declaration, field))}
          where ${identifier(JUNCTION_COLUMNS.record)} in (${list(ids)}) order by ${identifier(JUNCTION_COLUMNS.record)}, ${identifier(order)}`,
    );
    const byRecord = new Map<number, number[]>();
    for (const row of rows) {
      const linked = byRecord.get(Number(row.record_id)) ?? [];
      linked.push(Number(row.target_id));
      byRecord.set(Number(row.record_id), linked);
    }
    for (const record of read) record[field.source] = byRecord.get(Number(record[declaration.idField])) ?? [];
  }
  return read;
}

/** The records as the API answers them: file ids as the upload's answer, links as lists of ids. */
export async function readRelations(db: Db, declaration: ResourceDeclaration, records: ResourceRecord[]): Promise<ResourceRecord[]> {
  return readLinks(db, declaration, await readFileFields(db, declaration, records));
}

/**
 * The engine's side of one declaration's relations, for its create/update/delete transactions. Creating it checks
 * the declaration (each file field names a known element type, each link a resource).
 */
export function createRelations(app: FastifyInstance, declaration: ResourceDeclaration) {
  for (const field of fileFields(declaration)) fieldElementType(field);
  for (const field of manyToManyFields(declaration)) if (!field.reference) throw new Error(`field ${field.source}: manyToMany needs reference.resource`);
  // The junction's columns are integers: both ends need a serial id (not a text id).
  if (manyToManyFields(declaration).length > 0 && !hasSerialId(declaration)) throw new Error(`resource ${declaration.name}: manyToMany needs a serial id`);
  return {
    split: (values: ResourceRecord) => splitLinks(declaration, values),
    /** Before the write: the files exist and fit, the linked records exist. */
    async check(db: Db, values: ResourceRecord, links: Links): Promise<void> {
      await checkFileFields(db, declaration, values);
      await checkLinks(app, db, declaration, links);
    },
    /** After the row is written: its links and file references; answers the record as read. */
    async save(db: Db, record: ResourceRecord, links: Links): Promise<ResourceRecord> {
      await saveLinks(db, declaration, Number(record[declaration.idField]), links);
      await saveFileRefs(db, declaration, record);
      return (await readRelations(db, declaration, [record]))[0]!;
    },
    /** Before the row is deleted: its files are released (the junction rows go by cascade). */
    release: (db: Db, record: ResourceRecord) => releaseFileRefs(db, declaration, record),
  };
}

export type Relations = ReturnType<typeof createRelations>;

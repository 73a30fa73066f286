/**
 * What the engine writes and reads beside a record's own columns: the `manyToMany` links (a junction table per field,
 * server/db/resourceTable.ts `junctionTable`) and the `file`/`image` references (server/resources/fileFields.ts).
 * All of it runs in the record's transaction; reads cost one query per field for a whole page, not one per row.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fieldColumn, junctionOf, type FieldDeclaration, type ResourceDeclaration } from '../../resources/types';
import type { Db } from '../db/connection';
import { badArgument } from '../http/errors';
import { checkFileFields, fieldElementType, fileFields, readFileFields, releaseFileRefs, saveFileRefs } from './fileFields';
import { findResource } from '../../resources';
import { linkableResource } from './references';
import { queryRows as rowsOf } from '../db/rows';


type ResourceRecord = Record<string, unknown>;
/** The `manyToMany` values a body sets: source → ids (in order), without repeats. */
export type Links = Map<string, number[]>;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
const identifier = (name: string) => sql.raw(quoted(name));
const list = (ids: readonly number[]): SQL => sql.join(ids.map((id) => sql`${id}`), sql`, `);

const hasSerialId = (declaration: Pick<ResourceDeclaration, 'fields' | 'idField'>): boolean =>
  declaration.fields.some((field) => field.source === declaration.idField && field.type === 'id');

export const manyToManyFields = (declaration: ResourceDeclaration): FieldDeclaration[] =>
  declaration.fields.filter((field) => field.type === 'manyToMany');

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
    const target = linkableResource(app, field.reference!.resource);
    if (!hasSerialId(target)) throw new Error(`resource ${target.name}: linked by ${declaration.name}.${field.source}, needs a serial id`);
    const idColumn = fieldColumn(target.fields.find((candidate) => candidate.source === target.idField)!);
    const softDelete = target.softDelete ? target.fields.find((candidate) => candidate.source === target.softDelete?.field) : undefined;
    const visible = softDelete ? sql` and not ${identifier(fieldColumn(softDelete))}` : sql``;
    const linkable = field.junction?.targetWhere ? sql` and (${sql.raw(field.junction.targetWhere)})` : sql``;
    const found = await rowsOf<{ id: number }>(
      db,
      sql`select ${identifier(idColumn)} as id from ${identifier(target.table)} where ${identifier(idColumn)} in (${list(ids)})${visible}${linkable} for key share`,
    );
    if (found.length !== ids.length) throw badArgument(field.source, 'validation.field.reference');
  }
}

/** Replaces each given field's set of links of one record (in order when `ordered`). */
export async function saveLinks(db: Db, declaration: ResourceDeclaration, recordId: number, links: Links): Promise<void> {
  for (const field of manyToManyFields(declaration)) {
    const ids = links.get(field.source);
    if (!ids) continue;
    const names = junctionOf(declaration, field);
    const junction = identifier(names.table);
    await db.execute(sql`delete from ${junction} where ${identifier(names.record)} = ${recordId}`);
    if (ids.length === 0) continue;
    const rows = ids.map((id, position) => (field.ordered ? sql`(${recordId}, ${id}, ${position})` : sql`(${recordId}, ${id})`));
    const columns = [names.record, names.target, ...(field.ordered ? [names.position] : [])].map(identifier);
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
    const names = junctionOf(declaration, field);
    const order = field.ordered ? names.position : names.target;
    const expanded = field.expand ? expandedTarget(field) : undefined;
    // `expand`: the linked record's display value comes in the same query.
    const display = expanded
      ? sql`, (select ${identifier(expanded.display)} from ${identifier(expanded.table)} x where x.${identifier(expanded.id)} = j.${identifier(names.target)}) as display`
      : sql``;
    const rows = await rowsOf<{ record_id: number; target_id: number; display?: unknown }>(
      db,
      sql`select j.${identifier(names.record)} as record_id, j.${identifier(names.target)} as target_id${display} from ${identifier(names.table)} j
          where j.${identifier(names.record)} in (${list(ids)}) order by j.${identifier(names.record)}, j.${identifier(order)}`,
    );
    const byRecord = new Map<number, unknown[]>();
    for (const row of rows) {
      const linked = byRecord.get(Number(row.record_id)) ?? [];
      linked.push(field.expand ? { [field.expand.id]: Number(row.target_id), [field.reference!.display]: row.display ?? null } : Number(row.target_id));
      byRecord.set(Number(row.record_id), linked);
    }
    for (const record of read) record[field.source] = byRecord.get(Number(record[declaration.idField])) ?? [];
  }
  return read;
}

/** The table, id column and display column of the record an `expand` field links. */
function expandedTarget(field: FieldDeclaration): { table: string; id: string; display: string } {
  const target = findResource(field.reference!.resource);
  if (!target?.table || !target.fields) throw new Error(`reference to a resource without table and fields: ${field.reference!.resource}`);
  const fields = target.fields;
  const column = (source: string) => {
    const found = fields.find((candidate) => candidate.source === source);
    if (!found) throw new Error(`resource ${target.name}: no field ${source}`);
    return fieldColumn(found);
  };
  return { table: target.table, id: column(target.idField), display: column(field.reference!.display) };
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
  for (const field of manyToManyFields(declaration)) {
    if (!field.reference) throw new Error(`field ${field.source}: manyToMany needs reference.resource`);
    if (field.expand) expandedTarget(field);
    if (field.junction && field.ordered && !field.junction.position) throw new Error(`field ${field.source}: an ordered field over a declared junction table names its position column`);
  }
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

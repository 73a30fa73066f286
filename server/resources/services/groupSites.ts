/**
 * A group's rows of sites (resources/groups.ts `groupSitesResource`): the `addRows` action, `POST /sites/groupsites/`
 * (spec 01 §7 "group with rows"), which adds entities to a group's rows in the action's transaction:
 * - the group row is locked (`for update`), so two additions to one group never take the same positions;
 * - every entity must exist and not be deleted (locked `for key share`, as the group's own `sites` field checks them),
 *   else 400 on `sites[i]` ('El registro seleccionado no existe');
 * - the new rows go after the group's last one, in the order sent; an entity already in the group (or sent twice)
 *   keeps its row;
 * - the answer is the group as `GET /sites/groups/{groupID}` gives its criteria and rows, plus the ids added.
 * The engine writes the audit line (`addRows`, after: the answer).
 */
import { sql } from 'drizzle-orm';
import { groupRowsSchema, type GroupRowsBody, type GroupSiteRow } from '../../../resources/groups';
import { queryRows as rows } from '../../db/rows';
import { badArgument } from '../../http/errors';
import { ResourceService, type ActionContext, type CustomActionHandler } from './base';

const addRows: CustomActionHandler = {
  summary: 'Agrega entidades a las filas de un grupo (groupID y sites, o rows [{ siteID }]): van después de la última, en el orden enviado; las que ya están conservan su fila',
  schema: groupRowsSchema,
  bodySchema: {
    type: 'object',
    properties: {
      groupID: { description: 'Grupo (entero)' },
      sites: { description: 'Ids de las entidades que se agregan (lista de 1 a 1000 enteros)' },
      rows: { description: 'O las filas de la especificación: lista de { siteID } (su order no se lee)' },
    },
  },
  responseSchema: {
    type: 'object',
    properties: {
      groupID: { type: 'integer' },
      name: { type: 'string' },
      countEntities: { type: 'integer' },
      added: { type: 'array', items: { type: 'integer' }, description: 'Las entidades que no estaban en el grupo' },
      rows: {
        type: 'array',
        items: { type: 'object', properties: { siteID: { type: 'integer' }, order: { type: 'integer' }, name: { type: 'string' } } },
      },
    },
  },
  async run({ tx, body }: ActionContext) {
    const { groupID, sites } = body as GroupRowsBody;
    const [group] = await rows<{ name: string }>(tx, sql`select name from groups where group_id = ${groupID} for update`);
    if (!group) throw badArgument('groupID', 'validation.field.reference');
    const wanted = [...new Set(sites)];
    const found = await rows<{ id: number }>(
      tx,
      sql`select id from sites where id in (${sql.join(wanted.map((id) => sql`${id}`), sql`, `)}) and not is_deleted order by id for key share`,
    );
    const existing = new Set(found.map((row) => Number(row.id)));
    const missing = sites.findIndex((id) => !existing.has(id));
    if (missing >= 0) throw badArgument(`sites[${missing}]`, 'validation.field.reference');

    const current = await rows<{ site_id: number; order: number }>(tx, sql`select site_id, "order" from group_sites where group_id = ${groupID}`);
    const present = new Set(current.map((row) => Number(row.site_id)));
    const added = wanted.filter((id) => !present.has(id));
    const next = current.reduce((last, row) => Math.max(last, Number(row.order)), -1) + 1;
    if (added.length > 0) {
      await tx.execute(sql`insert into group_sites (group_id, site_id, "order") values
        ${sql.join(added.map((id, index) => sql`(${groupID}, ${id}, ${next + index})`), sql`, `)}`);
    }
    // The group's rows as GET /sites/groups/{groupID} answers them: deleted sites left out.
    const listed = await rows<{ site_id: number; order: number; name: string }>(
      tx,
      sql`select gs.site_id, gs."order", s.name from group_sites gs join sites s on s.id = gs.site_id
        where gs.group_id = ${groupID} and not s.is_deleted order by gs."order", gs.site_id`,
    );
    const groupRows: GroupSiteRow[] = listed.map((row) => ({ siteID: Number(row.site_id), order: Number(row.order), name: row.name }));
    return { groupID, name: group.name, countEntities: groupRows.length, added, rows: groupRows };
  },
};

export class GroupSitesService extends ResourceService {
  override readonly actions: Record<string, CustomActionHandler> = { addRows };
}

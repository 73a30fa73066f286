/**
 * The contract of a resource declaration: pure data plus a yup schema, imported by the
 * browser (generated screens, dataProvider) and by the server (generated CRUD routes,
 * table, validation, OpenAPI). Every user-visible text is an i18n key, never a literal.
 *
 * A declaration has two parts: the reference every resource has (`ResourceReference`: name,
 * API path, id, permissions, route) and, for the resources the engine generates, the model
 * (`ResourceModel`: fields, table, rules, list options). Hand-written (`routes: 'custom'`)
 * resources declare the reference only, plus the model parts they use.
 */
import type { AnyObject, ObjectSchema } from 'yup';
import { screenOfArea, type AreaKey } from './areas';
import type { ListFilterSpec, ListOrderSpec } from './listQuery';
import type { PermissionName } from './permissions';

/** The field kinds of the engine; each one's column, rule, OpenAPI schema, cell and input: resources/fieldKinds.ts. */
export type FieldType =
  | 'id'
  | 'text'
  | 'email'
  | 'url'
  | 'integer'
  | 'decimal'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'color'
  | 'reference'
  | 'json'
  | 'richText'
  | 'audience'
  | 'file'
  | 'image'
  | 'files'
  | 'manyToMany';

/** The column types a field may ask for instead of its kind's (`FieldDeclaration.columnType`). */
export type ColumnType = 'smallint' | 'bigint' | 'text' | 'inet' | 'timestamp' | 'numeric(5,2)';

/** One choice of an `enum` field; its label defaults to `resources.<name>.choices.<source>.<id>` (choiceLabelKey). */
export interface FieldChoice {
  id: string;
  labelKey?: string;
}

/** What a field's `labels` read of each declaration: its name, title, operations and actions. */
export interface LabelledDeclaration {
  name: string;
  title: string;
  operations?: readonly string[];
  actions?: readonly { name: string }[];
}

export interface FieldDeclaration {
  /** Property name in the API and in react-admin records, e.g. `name`, `procedureTypeID`. */
  source: string;
  type: FieldType;
  /**
   * i18n key of the field's label: `resources.<name>.fields.<source>` (fieldLabelKey), filled in by defineResource /
   * defineCustomResource when the declaration leaves it out. Declare one only for a field that truly needs another key.
   */
  label: string;
  /**
   * `id` fields: the id comes with the row (DANE codes, a fixed catalogue's rows), not from a sequence: the column is an
   * `integer` primary key instead of `serial`, and the resource has no `create` operation (server/resources/shape.ts).
   */
  assigned?: boolean;
  /** Database column; defaults to the snake_case of `source`. */
  column?: string;
  /**
   * The column's SQL type when its kind's is not the table's (server/db/resourceTable.ts): `smallint`, `bigint` (an id:
   * `bigserial`), `text` without a length, `inet`, `timestamp` without time zone (a string), `numeric(5,2)`.
   */
  columnType?: ColumnType;
  /**
   * A `varchar` column wider than what the API takes (`maxLength`, an enum's choices): older rows or values the API never
   * shows hold more (sites' comma-separated allowedUrl, backups' `replaced` status).
   */
  columnLength?: number;
  /** A column the database computes from the row's columns (`generated always as (<sql>) stored`), e.g. a name's search key. */
  generated?: string;
  /** For text-like fields: the column's length and the form's character limit. */
  maxLength?: number;
  /** Value stored when the client sends none (an empty list: a JSON column's). */
  defaultValue?: string | number | boolean | null | readonly [];
  /** Server-managed: never written from a request body, never shown in forms. */
  readOnly?: boolean;
  /** Shown as a list column (default true). */
  list?: boolean;
  /** Shown in the create/edit form (default true unless `readOnly` or the id). */
  form?: boolean;
  /** Searched by the list's text search (`search` query parameter). */
  searchable?: boolean;
  /**
   * A text field's Spanish key stored in this column by the database (`spanish_key(column)`, e.g. users.name_key): the
   * list orders and searches by it, so its indexes serve and no key is computed per row (issue 23).
   */
  storedKey?: string;
  /** `date` and `datetime` fields: the i18n key the list cell shows for an empty value (a policy version's 'Vigente'). */
  emptyText?: string;
  /** Decimal fields: the input's step. */
  step?: number;
  /** Nullable column (default: false for the id, booleans and text, true otherwise). */
  nullable?: boolean;
  /** The body must carry a value (the base yup rule answers `validation.field.required`). */
  required?: boolean;
  /** `enum` fields: the allowed values. */
  choices?: readonly FieldChoice[];
  /**
   * A text field's known codes with their Spanish labels (the audit's action and resource codes, issue 21): the exports
   * write a code's label as they write an `enum`'s choice, any other value as it is; the value itself stays free text.
   * The engine gives it every declaration (a label may be another declaration's title or action), so that a declaration
   * need not import the list of declarations (resources/index.ts imports it: an import circle).
   */
  labels?: (declarations: readonly LabelledDeclaration[]) => readonly FieldChoice[];
  /** `reference` and `manyToMany` fields: the referenced resource (by name) and the field shown for it. */
  reference?: { resource: string; display: string };
  /** `manyToMany` fields: the list keeps the order it is given (a `position` column in the junction table). */
  ordered?: boolean;
  /**
   * `manyToMany` fields over a junction table that already exists (e.g. `group_sites (group_id, site_id, order)`)
   * instead of the generated `<table>_<column> (record_id, target_id, position)`. `targetWhere`: a condition over the
   * linked row (aliased by its table) that a new link needs, for a linked resource the engine does not generate (no
   * `softDelete` to read), e.g. `not is_deleted`. Superadmins' `user_permissions (user_id, permission_id)` is one too.
   */
  junction?: { table: string; record: string; target: string; position?: string; targetWhere?: string };
  /**
   * `manyToMany` fields: the record carries each linked record as an object `{ <its id field>: id, <display>: value }`
   * (superadmins' `permissions: [{ permissionID, name }]`, `expand: { id: 'permissionID' }`) instead of its id; a body
   * may send those objects or bare ids.
   */
  expand?: { id: string };
  /**
   * `audience` fields: the spec's wire shape of this entity (resources/audience.ts `AUDIENCE_WIRES`: `banner`
   * `bannerLocationList`…, `logo` `gLogoLocationList`…, `content` `contentLocationModels`…). Records answer those keys
   * beside the field; a body may send them instead of the field (the field wins when both come).
   */
  wire?: 'banner' | 'logo' | 'content';
  /**
   * A stored column the API never answers nor takes: a discriminator of a shared table (superadmins' `userTypeId` in
   * `users`), set on create from `defaultValue`, or a stamp the service sets. Implies `readOnly`, not listed, no filter
   * nor order, not in OpenAPI.
   */
  hidden?: boolean;
  /**
   * `file`, `image` and `files` fields: the files service's element type (server/files/elementTypes.ts) that says which
   * formats and size the field accepts; the input uploads to `POST /uploadfiles/elementType=<elementType>`.
   */
  elementType?: string;
  /**
   * The list filter under the field's `source`: by default its kind's filter (ids and numbers `in`, booleans true/false…);
   * `search`: an accent- and case-insensitive "contains" on this field (the spec's `?name=` of groups); `false`: none.
   */
  filter?: 'search' | false;
  /**
   * A read-only value the database computes on every read (no column): `sql` is an expression over the resource's row,
   * aliased `t` (e.g. `(select count(*)::int from group_sites gs where gs.group_id = t.group_id)`). Not filtered nor ordered.
   */
  computed?: {
    sql: string;
    /** The expression gives an i18n key (e.g. `sites.server.status.active`): the server answers its Spanish text. */
    translated?: boolean;
  };
  /**
   * Written, never read back: the list, one record, the answers of the writes, the exports and the audit lines leave it
   * out (a password stored as its hash by the resource's service; docs/decisions/0017-administrators-site-users-and-deactivation.md).
   */
  writeOnly?: boolean;
  /**
   * Read with one record only — `GET` of one record, the answers of create and update — never in list pages nor exports:
   * its value is large (a group's rows of sites: thousands of entries a group, megabytes a page of 100 groups). The list's
   * statement leaves out its expression, the list's relations leave out its links or files, the list's OpenAPI schema
   * does not promise it. For `computed`, `manyToMany` and file fields (resources' registration refuses others); the
   * screens read the record on its own before editing or showing it (src/engine `useDetailRecord`).
   */
  detailOnly?: boolean;
}

/** The fields a list page (and an export) answers: all but the `detailOnly` ones. */
export function listedFields<TField extends Pick<FieldDeclaration, 'detailOnly'>>(fields: readonly TField[]): TField[] {
  return fields.filter((field) => field.detailOnly !== true);
}

/** True when some field is read with one record only (`detailOnly`): a list record is not the whole record. */
export function hasDetailOnlyFields(declaration: { fields?: readonly Pick<FieldDeclaration, 'detailOnly'>[] }): boolean {
  return (declaration.fields ?? []).some((field) => field.detailOnly === true);
}

/**
 * A list filter that is not a field of the row (e.g. the site's department of a user): its value type, its label and an
 * SQL condition over the row aliased `t` in which `{values}` stands for the parenthesised list of values, e.g.
 * `t.site_id in (select s.id from sites s where s.parent_location_id in {values})`. Several values: any of them.
 */
export interface DeclaredListFilter {
  type: 'integer';
  label: string;
  sql: string;
}

export type PermissionRequirement = readonly PermissionName[];

export interface ResourcePermissions {
  /** Read the list and single records. Any one suffices; `authenticated`: any signed-in superadmin (locations). */
  read: PermissionRequirement | 'authenticated';
  /** Create, update and delete. Any one suffices. */
  write: PermissionRequirement;
}

export interface ResourceMessages {
  created?: string;
  updated?: string;
  deleted?: string;
  /** Confirmation shown before deleting. */
  confirmDelete?: string;
  /** Error shown (and returned by the server) when a locked record is changed. */
  locked?: string;
  empty?: string;
}

/** What every resource declares: enough for the dataProvider, the menu, the routes and their access. */
export interface ResourceReference {
  /** Unique name: the react-admin resource name and the key used by the dataProvider. */
  name: string;
  /** API collection path under /api/v1, as the spec writes it, e.g. `/sitetypes/`, `/documentType`. */
  apiPath: string;
  /** The record's id property, e.g. `id`, `procedureTypeID`, `documentTypeID`. */
  idField: string;
  /**
   * The area of the resource's screen in the area table (resources/areas.ts), e.g. `settings.siteTypes`: its path,
   * who opens it, its settings-index row and its 'Atrás' come from there. Absent: a resource without a screen.
   */
  area?: AreaKey;
  /** i18n key of the resource's title (API reference, screen heading). */
  title: string;
  permissions: ResourcePermissions;
  // Derived from `area` by defineResource / defineCustomResource; never written in a declaration.
  /** Client route of the list screen (the area's path), '' without a screen. */
  route: string;
  /** Who may open the screen (the area's permissions); any one suffices. */
  routeAccess: PermissionRequirement;
  /** The area's parent path ('Atrás'). */
  parentRoute?: string;
  /** `custom`: hand-written routes and screens (CustomResourceDeclaration); absent or `generated`: the engine's. */
  routes?: 'generated' | 'custom';
  /**
   * The path of one record when the spec names it apart from the collection (`GET /siteusers/` but
   * `GET /siteuser/{id}`): `{itemPath}{id}` instead of `{apiPath}{id}` for read, update and delete.
   */
  itemPath?: string;
}

/** The screen facts a declaration takes from its area instead of writing them. */
type ScreenFacts = 'route' | 'routeAccess' | 'parentRoute';

/** The record operations a generated resource may expose; each is a route, a button and an OpenAPI operation. */
export type ResourceOperation = 'list' | 'read' | 'create' | 'update' | 'delete';

export const ALL_OPERATIONS: readonly ResourceOperation[] = ['list', 'read', 'create', 'update', 'delete'];

/**
 * A declared action beyond CRUD (spec shapes: `POST /contents/{id}/enable`, `POST /contents/{id}/sort/{targetId}`,
 * `PUT /banners/sort`). The engine gives it its route, permission, audit line, OpenAPI entry and a button.
 */
export interface ResourceAction<TRecord extends AnyObject = AnyObject> {
  /** Name: operationId suffix, audit action and i18n key `resources.<resource>.actions.<name>`. */
  name: string;
  /**
   * `enable` / `disable`: set the boolean `field` of one record to true / false;
   * `sort`: reorder by the integer `field` (record scope: move `{id}` to `{targetId}`'s place; collection scope: a body
   * list of `{ <idField>, <field> }`); `custom`: a handler the server registers for `<resource>.<name>`.
   */
  kind: 'enable' | 'disable' | 'sort' | 'custom';
  method: 'POST' | 'PUT';
  /** Path under the collection path, `{id}` for the record and other `{params}`: `{id}/enable`, `{id}/sort/{targetId}`, `sort`. */
  path: string;
  /** Record actions act on one row (a button per row); collection actions on the list (a button above it). */
  scope: 'record' | 'collection';
  /** enable / disable: the boolean field; sort: the integer order field. */
  field?: string;
  /** Who may run it (any one suffices); default: `permissions.write`. */
  permissions?: PermissionRequirement;
  /** i18n keys; defaults: `resources.<resource>.actions.<name>` (label), no confirmation, `engine.action_done` (success). */
  label?: string;
  confirm?: string;
  success?: string;
  /** Pure rule: whether the action applies to this record (the button hides, the server refuses with 409). */
  when?(record: TRecord): boolean;
}

/**
 * A declared read beyond the list and one record (spec shapes: `GET /siterequests/administrator/{id}`,
 * `GET /audit/actors/`): a `GET` under the collection path whose answer the resource's service computes
 * (server/resources/services, `views`). The engine gives it its route, access, path-id check (404 for an id no row can
 * have), OpenAPI entry and, for a list, its ETag; no transaction, no audit line, no button (server/resources/views.ts).
 */
export interface ResourceView {
  /** Name: operationId suffix and the key of its handler in the resource's service. */
  name: string;
  /**
   * Path under the collection path, `{id}` for the record: `administrator/{id}`, `actors`. A path starting with `/` is
   * an API path of its own, like an export's (the request wizard's `/newsite/locations/`, a read of the site-request
   * declaration outside `/siterequests/`); a collection view only, which may name parameters its handler reads
   * (`/govindex/{year}`).
   */
  path: string;
  /** Record views read one record (`{id}` in the path); collection views the collection. */
  scope: 'record' | 'collection';
  /** Who may read it (any one suffices); default: `permissions.read`. */
  permissions?: PermissionRequirement | 'authenticated';
  /**
   * `public`: read without a session (the request wizard's reads), instead of `permissions`; such a view needs its
   * `rateLimit`.
   */
  access?: 'public';
  /** Requests a client address may make in the window, answered 429 in Spanish beyond it (server/http/route.ts `rateLimit`). */
  rateLimit?: { readonly max: number; readonly timeWindow: string };
  /**
   * The answer depends only on the data, the URL and the caller (a list): answered with a weak ETag and 304
   * (server/http/route.ts `etag`).
   */
  etag?: boolean;
}

/** A streamed export of the list (the same parsed query; CSV or XLSX, constant memory, no row cap). */
export interface ResourceExport {
  /** API path under /api/v1, e.g. `/sitesexport`. */
  path: string;
  formats: readonly ('csv' | 'xlsx')[];
  /** Download file name without extension. */
  fileName: string;
  /** Who may download (any one suffices); default: `permissions.read`. */
  permissions?: PermissionRequirement;
  /** Columns in order (field sources); default: the list's columns. Headers are the fields' i18n labels. */
  fields?: readonly string[];
  /**
   * `GET` (default): the filters in the query string. `POST`: the filters in a JSON body (the query string's too), as the
   * spec's `POST /exportmainuser/` sends them.
   */
  method?: 'GET' | 'POST';
  /**
   * Written by a background job instead of streamed in the answer: `POST <path>` (filters in the body) queues the job and
   * answers 202 `{ jobId, fileName }`; the job writes the file to the file storage in keyset batches and its progress is
   * `GET /jobs/{id}`; `GET <path>?fileName=&fileType=` downloads the file once the job is done (spec 01 §7
   * `POST /siteusers/export/`, `GET /siteusers/export/?fileName=&fileType=csv`).
   */
  background?: boolean;
}

/** A resource's part of the delivery API (`ResourceModel.delivery`). */
export interface ResourceDelivery {
  /** The answer's property that holds the rows, e.g. `contents`. */
  key: string;
  /**
   * The `audience` field whose audience must reach the portal (the resolver of server/audience/resolve.ts). None on a
   * singleton (a settings record), which is answered to every portal as one object, its defaults until first saved; none
   * on a list: every row (and `site`'s) goes to every portal (the footer's links, the shortcuts, the tooltips, the current
   * policy versions).
   */
  audience?: string;
  /**
   * SQL over the row aliased `t` and the portal aliased `s` (a row of `sites`): whether the row belongs to that portal
   * (the featured menu of its entity type: `t.site_type_menu_id = s.site_type_id`).
   */
  site?: string;
  /**
   * SQL over the row aliased `t`: whether it applies now (published, in dates), the time written `{now}` (the database's
   * clock, or the server's `clock` when set); none: every row.
   */
  appliesNow?: string;
  /** An `enum` field of the audience's user type (1 administrators, 2 citizens): `?userType=` keeps those rows. */
  userType?: string;
  /** The fields answered, in order (file fields as their upload's answer). */
  fields: readonly string[];
}

/** What the engine generates a resource from: its table, fields, rules and list options. */
export interface ResourceModel<TRecord extends AnyObject = AnyObject> {
  /** Database table. */
  table: string;
  fields: readonly FieldDeclaration[];
  /**
   * Rules the fields cannot express, added to the base schema built from the fields (required, length,
   * pattern, kind; resources/fieldKinds.ts). Messages are i18n keys.
   */
  schema?: ObjectSchema<AnyObject>;
  /** Default list order. */
  sort: { field: string; order: 'ASC' | 'DESC' };
  /** Page size of the list call. */
  pageSize: number;
  /** Largest page the list accepts (larger is refused with 400); default 1000 (server/resources/listSpec.ts). */
  maxPageSize?: number;
  /**
   * A condition every read holds (list, one record, exports, actions), over the row aliased `t`: rows outside it do not
   * exist for the API (e.g. locations' country root, `t.parent_location_id is not null`).
   */
  listWhere?: string;
  /** List filters beyond the fields' own (by name: the query parameter), e.g. the site's department of a user. */
  listFilters?: Readonly<Record<string, DeclaredListFilter>>;
  /**
   * List filters (by name) whose rows are found by walking the order's index testing each entry (no index of their
   * own): with one of them the first page too chooses its ids first (server/resources/store.ts `resourceListSql`),
   * so that the walk reads index entries, not rows. Later pages always do.
   */
  listIdsFirst?: readonly string[];
  /**
   * A large list whose text search the planner misjudges (issue 23: a word frequent overall but rare at the top of the
   * order): a searched page first walks the order for this many rows per row it needs (capped), and reads the
   * trigram index's candidates only when that walk holds too few matches (server/resources/searchedPage.ts).
   */
  listSearchWalk?: number;
  /**
   * Pages answer `meta.nextCursor` (orders by a column never empty), and a page sent with the previous one's cursor is
   * read after its last row instead of by offset (server/lists/pageCursor.ts): deep pages of a large list.
   */
  listKeyset?: boolean;
  /**
   * The orders a list page offers (field sources), when not every orderable field: each one an index serves under the
   * filters the screen combines (audit: `at` only; issue 23). Others answer 400; exports keep every order.
   */
  listOrders?: readonly string[];
  /**
   * Other names of list filters, `alias: filter` (audit: `{ from: 'atFrom', to: 'atTo' }`, the spec's names of the
   * engine's date range): the alias filters exactly as the filter it names, its refusals under the alias.
   */
  filterAliases?: Readonly<Record<string, string>>;
  /** Fewest characters the list's text search (`search` and `filter: 'search'` fields) accepts: shorter is refused with 400. */
  searchMinLength?: number;
  /**
   * The list's own query over the row aliased `t` (server/resources/listSpec.ts), for a list whose orders and filters
   * must read the table's indexes: `orders` replaces the orders derived from the fields (e.g. names by a stored Spanish
   * key), `filters` adds query parameters or replaces a field's (same name). Joined names are computed fields (scalar
   * subqueries, evaluated for the page's rows only).
   */
  listSource?: {
    orders?: Readonly<Record<string, ListOrderSpec>>;
    filters?: Readonly<Record<string, ListFilterSpec>>;
  };
  /**
   * The list answer carries `meta.total`, the number of records that match the query (one `count(*)` more per page):
   * for the spec's lists that answer it, e.g. `GET /permissions` (spec 01 §7).
   */
  listTotal?: boolean;
  /** How the generated list pages: numbered pages (default), or one growing list with 'Ver más'. */
  listMode?: 'pages' | 'loadMore';
  /**
   * Fields offered as list filters, in order (sources; each its kind's filter widget, kept in the address).
   * The text search appears on its own when some field is `searchable`.
   */
  filters?: readonly string[];
  /** The list's filters when the screen opens, from today's day (`YYYY-MM-DD` in Colombia), e.g. the last month. */
  filterDefaults?: (today: string) => Record<string, unknown>;
  /** How the generated list edits a row: inline in the row, or in a dialog. */
  editMode: 'inline' | 'dialog';
  /** Delete marks this boolean column instead of removing the row; the list hides marked rows. */
  softDelete?: { field: string };
  /** Pure rules shared by the screens (hide the buttons) and the server (refuse with `messages.locked`). */
  rules?: {
    // Method syntax on purpose: a declaration for a specific record type is usable where any declaration is expected.
    canEdit?(record: TRecord): boolean;
    canDelete?(record: TRecord): boolean;
  };
  /**
   * Fields the server refuses to duplicate (ignoring case and accents), answered as BadArgument with the field as
   * target. Each gets a unique index in its table (server/db/resourceTable.ts), so simultaneous requests cannot race past.
   */
  unique?: readonly string[];
  /**
   * The table's primary key when it is a pair of fields (a link table read as a list, e.g. `group_sites (group_id,
   * site_id)`): their columns, in order; the id field is then a plain integer column (server/db/resourceTable.ts).
   */
  primaryKey?: readonly string[];
  messages?: ResourceMessages;
  /** Operations that exist (default: all five). A read-only list declares `['list', 'read']`. */
  operations?: readonly ResourceOperation[];
  /** One record without id (a settings record): `GET` and `PUT` on `apiPath`. */
  singleton?: boolean;
  /** The method that writes a singleton, when the spec says `POST` (`/settings/content/settingcontentglobal`); default `PUT`. */
  singletonWrite?: 'PUT' | 'POST';
  /** Other API paths (from `/`) that make the same write as the singleton's own (`POST /settings/govcopost`). */
  singletonWriteAliases?: readonly { method: 'PUT' | 'POST'; path: string }[];
  /**
   * What portals receive of this resource through `GET /delivery/{siteAlias}` (server/delivery): the rows that apply
   * now and whose audience reaches the calling portal, in the declaration's order, with `fields` only.
   */
  delivery?: ResourceDelivery;
  /**
   * The record an update changes is named by the body's id field, on the collection path: `PUT {apiPath}` (the spec's
   * `PUT /sites/comments`) instead of `PUT {apiPath}/{id}`.
   */
  updateInBody?: boolean;
  /**
   * The update also answers on a path naming the record under the record that holds it, that one named by a unique
   * field (the spec's `PUT /siteusers/{alias}/{id}`: `{ path: '/siteusers/{alias}/{id}', param: 'alias', resource:
   * 'sites', key: 'alias', field: 'siteId' }`): the same write as `PUT {apiPath}/{id}`; a holder that does not exist for
   * the API (deleted, outside its `listWhere`) or a record `field` says is another's answers 404.
   */
  updateUnderParent?: { path: string; param: string; resource: string; key: string; field: string };
  /**
   * Create and update on sub-paths of the collection, as the spec writes them (`POST /settingupdateadministrators/post`,
   * `PUT /settingupdateadministrators/put` with `updateInBody`): `create` replaces `POST {apiPath}`, `update` the update's
   * path (`PUT {apiPath}{update}`, the id in the body; without `updateInBody`, `PUT {apiPath}{update}/{id}`).
   */
  writePaths?: { create?: string; update?: string };
  /** `PUT apiPath` with the whole list replaces the collection in one transaction (e.g. `PUT /footerContent`). */
  collectionUpdate?: boolean;
  /**
   * With `collectionUpdate`: the integer field each item's place in the list sets (1…n), whatever the body says; the
   * editor moves rows up and down (the footer's links, a featured menu's items). Declare it `form: false`.
   */
  collectionOrder?: string;
  /**
   * At most this many records (the footer's 6 links, the 24 shortcuts): the editor hides 'Agregar' at it, a collection
   * update with more items is refused with `message` (an i18n key, `{ max }`). The database holds the rule under
   * concurrency (a bounded `slot`, server/resources/services/globalContent.ts).
   */
  maxRecords?: { count: number; message: string };
  /**
   * Nested under a parent record: `apiPath` carries `{param}` (e.g. `/chats/{chatId}/messages/`) and `field` holds the
   * parent's id; every read and write is scoped to the parent named in the path.
   */
  parent?: {
    param: string;
    field: string;
    resource: string;
    /** The parent's field the screen names each parent by (a chooser above the child's editor, src/engine). */
    display?: string;
  };
  actions?: readonly ResourceAction<TRecord>[];
  /**
   * Other declarations (by name) edited on this one's screen, below it, each with its own editor: the footer's
   * signature (a singleton) under its links.
   */
  alongside?: readonly string[];
  /** Declared reads beyond the list and one record (`ResourceView`). */
  views?: readonly ResourceView[];
  /** A singleton form's live preview, by name (src/engine/previews.tsx), shown beside its inputs (the GOV.CO bar). */
  preview?: string;
  exports?: readonly ResourceExport[];
}

/** A resource the engine generates: routes, validation, table, OpenAPI and screen. */
export interface ResourceDeclaration<TRecord extends AnyObject = AnyObject> extends ResourceReference, ResourceModel<TRecord> {
  routes?: 'generated';
}

/**
 * A resource with hand-written routes and screens: the reference, plus the fields (audit labels) and
 * the unique fields (checked against the schema's indexes) when it has them.
 */
export interface CustomResourceDeclaration extends ResourceReference {
  routes: 'custom';
  table?: string;
  fields?: readonly FieldDeclaration[];
  unique?: readonly string[];
  messages?: ResourceMessages;
}

export type AnyResourceDeclaration = ResourceDeclaration | CustomResourceDeclaration;

export function isGeneratedResource(declaration: AnyResourceDeclaration): declaration is ResourceDeclaration {
  return declaration.routes !== 'custom';
}

/** The path of a declared write: the collection path, or its `writePaths` sub-path (`/settingupdateadministrators/post`). */
export function writePath(declaration: Pick<ResourceModel, 'writePaths'> & { apiPath: string }, write: 'create' | 'update'): string {
  const sub = declaration.writePaths?.[write];
  return sub ? `${declaration.apiPath.replace(/\/+$/, '')}/${sub.replace(/^\/+/, '')}` : declaration.apiPath;
}

export function fieldColumn(field: FieldDeclaration): string {
  return field.column ?? toSnakeCase(field.source);
}

/** The columns of a `manyToMany` field's junction table (server/db/resourceTable.ts `junctionTable`). */
export const JUNCTION_COLUMNS = { record: 'record_id', target: 'target_id', position: 'position' } as const;

/** The junction table of a `manyToMany` field: `<table>_<column>`, e.g. `contents_tags`, or the one it names. */
export function junctionTableName(model: Pick<ResourceModel, 'table'>, field: FieldDeclaration): string {
  return field.junction?.table ?? `${model.table}_${fieldColumn(field)}`;
}

/** The table and column names of a `manyToMany` field's links: the generated ones, or those of its `junction`. */
export function junctionOf(model: Pick<ResourceModel, 'table'>, field: FieldDeclaration): { table: string; record: string; target: string; position: string } {
  return {
    table: junctionTableName(model, field),
    record: field.junction?.record ?? JUNCTION_COLUMNS.record,
    target: field.junction?.target ?? JUNCTION_COLUMNS.target,
    position: field.junction?.position ?? JUNCTION_COLUMNS.position,
  };
}

/** The names converted so far: the declarations' field names, a bounded set (each list row reads every column by it). */
const snakeCaseNames = new Map<string, string>();

/** `procedureTypeID` → `procedure_type_id`, `applicablePopulationPercentage` → `applicable_population_percentage`. */
export function toSnakeCase(name: string): string {
  let snake = snakeCaseNames.get(name);
  if (snake === undefined) {
    snake = name
      .replace(/ID$/, 'Id')
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .toLowerCase();
    if (snakeCaseNames.size < 10_000) snakeCaseNames.set(name, snake);
  }
  return snake;
}

/** The i18n key of a resource's title by convention: `resources.<name>.title` (react-admin's own convention). */
export function resourceTitleKey(resourceName: string): string {
  return `resources.${resourceName}.title`;
}

/**
 * A resource's reference part with its screen facts (resources/references.ts): what the first chunk reads, apart from
 * the model (fields, yup schema) its declaration adds by spreading it. Its `title` is `resources.<name>.title` unless it
 * names another key.
 */
export function defineReference<TReference extends Omit<ResourceReference, ScreenFacts | 'title'> & { title?: string }>(
  reference: TReference,
): TReference & Pick<ResourceReference, ScreenFacts | 'title'> {
  return { ...reference, title: reference.title ?? resourceTitleKey(reference.name), ...screenOfArea(reference.area) };
}

/** A reference whose screens the engine generates (not `routes: 'custom'`). */
export function isGeneratedReference(reference: Pick<ResourceReference, 'routes'>): boolean {
  return reference.routes !== 'custom';
}

/**
 * The i18n key of a field's label by convention: `resources.<name>.fields.<source>` (react-admin's own convention), e.g.
 * `resources.sites.fields.alias`. Every label the screens, filters, exports, OpenAPI and audit show comes from here
 * unless the field declares its own key.
 */
export function fieldLabelKey(resourceName: string, source: string): string {
  return `resources.${resourceName}.fields.${source}`;
}

/** The i18n key of an `enum` choice by convention: `resources.<name>.choices.<source>.<id>`, e.g. `resources.backups.choices.status.ready`. */
export function choiceKey(resourceName: string, source: string, id: string): string {
  return `resources.${resourceName}.choices.${source}.${id}`;
}

/** A field as a declaration writes it: its `label` may be left out (the convention's key, fieldLabelKey). */
export type DeclaredField = Omit<FieldDeclaration, 'label'> & { label?: string };

/** Each field with its label key: the one it declares, else `resources.<name>.fields.<source>`. */
export function withFieldLabels(resourceName: string, fields: readonly DeclaredField[]): FieldDeclaration[] {
  return fields.map((field) => ({ ...field, label: field.label ?? fieldLabelKey(resourceName, field.source) }));
}

export type Declared<T extends { fields?: readonly FieldDeclaration[] }> = Omit<T, ScreenFacts | 'fields'> & { fields: readonly DeclaredField[] };

export function defineResource<TRecord extends AnyObject>(declaration: Declared<ResourceDeclaration<TRecord>>): ResourceDeclaration<TRecord> {
  return { ...declaration, fields: withFieldLabels(declaration.name, declaration.fields), ...screenOfArea(declaration.area) };
}

export function defineCustomResource(
  declaration: Omit<CustomResourceDeclaration, ScreenFacts | 'fields'> & { fields?: readonly DeclaredField[] },
): CustomResourceDeclaration {
  const { fields, ...rest } = declaration;
  return { ...rest, ...(fields ? { fields: withFieldLabels(declaration.name, fields) } : {}), ...screenOfArea(declaration.area) };
}

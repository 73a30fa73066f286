/**
 * The realtime channels and who may read them, declared like routes: a stream may subscribe to a channel only
 * when its superadmin satisfies the channel's access (the same permission rule as the routes). A channel is
 * either a plain name (`sites`) or, when `parameterised`, a family `name:<id>` (`jobs:42`), optionally with a
 * finer check per id (`canRead`).
 */
import type { PermissionName } from '../../resources/permissions';
import { hasAnyPermission } from '../../resources/permissions';
import type { AuthUser } from '../context';
import type { Database } from '../db/connection';

export type ChannelAccess = 'authenticated' | { permissions: readonly PermissionName[] };

export interface ChannelDefinition {
  name: string;
  access: ChannelAccess;
  /** One line for docs/services.md readers: what is published there. */
  summary: string;
  /** The channel is a family `name:<id>`. */
  parameterised?: boolean;
  /** A finer check for one member of a family (e.g. the job's kind permissions). */
  canRead?: (database: Database, user: AuthUser, id: string) => Promise<boolean>;
}

const registry = new Map<string, ChannelDefinition>();

/** Declares a channel (once per name; declaring a name twice is a programming error). */
export function defineChannel(definition: ChannelDefinition): ChannelDefinition {
  if (registry.has(definition.name)) throw new Error(`channel declared twice: ${definition.name}`);
  if (!/^[a-z][a-z0-9_-]*$/.test(definition.name)) throw new Error(`invalid channel name: ${definition.name}`);
  registry.set(definition.name, definition);
  return definition;
}

const CHANNEL_TEXT = /^([a-z][a-z0-9_-]*)(?::([A-Za-z0-9_-]{1,100}))?$/;

/** The definition a concrete channel (`sites`, `jobs:42`) belongs to, or null when none. */
export function channelDefinition(channel: string): { definition: ChannelDefinition; id: string | null } | null {
  const match = CHANNEL_TEXT.exec(channel);
  if (!match) return null;
  const definition = registry.get(match[1]!);
  if (!definition) return null;
  const id = match[2] ?? null;
  if (Boolean(definition.parameterised) !== (id !== null)) return null;
  return { definition, id };
}

/** Whether `user` may read the concrete channel (false for an unknown one). */
export async function canReadChannel(database: Database, user: AuthUser, channel: string): Promise<boolean> {
  const found = channelDefinition(channel);
  if (!found) return false;
  const { definition, id } = found;
  if (definition.access !== 'authenticated' && !hasAnyPermission(user.permissions, definition.access.permissions)) return false;
  return id === null || !definition.canRead || definition.canRead(database, user, id);
}

// ── The platform's channels ─────────────────────────────────────────────────────────
export const sitesChannel = defineChannel({
  name: 'sites',
  access: { permissions: ['Sites'] },
  summary: 'Cambios en los portales (alta, edición, estado, clave de portal).',
});

/** A site's backups (`backups:<siteId>`): `{ backupId, siteId, status }` on every change of state (issue 9). */
export const backupsChannel = defineChannel({
  name: 'backups',
  parameterised: true,
  access: { permissions: ['Sites'] },
  summary: 'Estado de las copias de seguridad de un portal (solicitada, en proceso, lista, fallida, eliminada).',
});

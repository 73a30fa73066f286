/**
 * The audit trail: every mutation writes who, what, before and after, from where and when,
 * inside the mutation's own transaction. Secrets never reach it.
 */
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { AuditActionCode, AuditedResourceName } from '../../resources/audit';
import type { Db } from '../db/connection';
import { auditLog } from '../db/schema';
import { clientAddress } from '../http/clientAddress';

const SECRET_KEY = /pass(word)?|token|captcha|secret|hash/i;

/** Removes secrets at any depth; keeps everything else as JSON. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, inner]) => [key, redact(inner)]),
    );
  }
  return value;
}

/**
 * A declaration's resource or action name as the engine writes it (`declaredName(declaration.name)`): labelled through
 * the declarations (tests/unit/audit-rules.test.ts). Any other code must be listed in resources/audit.ts, so that no
 * line can appear in the trail without its Spanish label (issue 21).
 */
export type DeclaredName = string & { readonly __declared: true };
export const declaredName = (name: string): DeclaredName => name as DeclaredName;

export interface AuditEntry {
  /**
   * What happened (resources/audit.ts AUDIT_ACTIONS, or a declared action's name). `soft_delete`: the record is only marked deleted (engine DELETE of a declaration
   * with softDelete); `deactivate` / `reactivate`: an update that flips `deleted` (superadmins), see
   * auditAction.
   */
  action: AuditActionCode | DeclaredName;
  /** Which kind of record: a listed name (resources/audit.ts AUDITED_RESOURCES) or a declaration's (engine). */
  resource: AuditedResourceName | DeclaredName;
  recordId?: string | number | null;
  /** The record's name as the trail shows it; derived by recordLabelOf when absent. */
  recordLabel?: string | null;
  before?: unknown;
  after?: unknown;
  /** Who, when there is no signed-in user on the request (sign-in, recovery). */
  actor?: { id: number | null; email: string | null };
}

/** Properties that name a record, in order of preference. */
const LABEL_KEYS = ['name', 'title', 'email'] as const;
export const RECORD_LABEL_MAX = 300;

/**
 * The record's name for the trail (docs/decisions/0010-audit-trail.md): its name, title or e-mail
 * after the change (else before it); for a sign-in line, whose record is the user, the user's e-mail.
 */
export function recordLabelOf(entry: Pick<AuditEntry, 'recordLabel' | 'before' | 'after' | 'resource' | 'recordId' | 'actor'>): string | null {
  const pick = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, RECORD_LABEL_MAX) : null);
  if (entry.recordLabel !== undefined) return pick(entry.recordLabel);
  const objects = [entry.after, entry.before].filter(
    (value): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value),
  );
  for (const key of LABEL_KEYS) {
    for (const object of objects) {
      const label = pick(object[key]);
      if (label) return label;
    }
  }
  const isActorsOwnRecord = entry.actor?.id != null && entry.recordId != null && String(entry.actor.id) === String(entry.recordId);
  return isActorsOwnRecord ? pick(entry.actor?.email) : null;
}

const deletedFlag = (value: unknown): boolean | undefined => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const flag = (value as Record<string, unknown>).deleted;
  return typeof flag === 'boolean' ? flag : undefined;
};

/**
 * The action the trail records: an update that turns `deleted` on is a deactivation and one
 * that turns it off a reactivation (superadmins' 'Inactivo'), so the trail says so instead of 'update'.
 */
export function auditAction(entry: Pick<AuditEntry, 'action' | 'before' | 'after'>): string {
  if (entry.action !== 'update') return entry.action;
  const before = deletedFlag(entry.before);
  const after = deletedFlag(entry.after);
  if (before === false && after === true) return 'deactivate';
  if (before === true && after === false) return 'reactivate';
  return entry.action;
}

/** Who acted and from which address: a signed-in user's request, or the origin a background job recorded. */
export interface AuditOrigin {
  actor: { id: number | null; email: string | null };
  address: string | null;
}

/** `tx` is the transaction of the mutation itself, so the record and its audit line commit together. */
export async function writeAudit(tx: Db, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  const actor = entry.actor ?? { id: request.user?.id ?? null, email: request.user?.email ?? null };
  await writeAuditAs(tx, { actor, address: clientAddress(request) }, entry);
}

/** The audit writer without a request (jobs, scripts): the actor and address are given by the caller. */
export async function writeAuditAs(tx: Db, origin: AuditOrigin, entry: AuditEntry): Promise<void> {
  const actor = entry.actor ?? origin.actor;
  await tx.insert(auditLog).values({
    userId: actor.id,
    userEmail: actor.email,
    action: auditAction(entry),
    resource: entry.resource,
    recordId: entry.recordId == null ? null : String(entry.recordId),
    recordLabel: recordLabelOf({ ...entry, actor }),
    before: entry.before === undefined ? null : redact(entry.before),
    after: entry.after === undefined ? null : redact(entry.after),
    // Never an unchecked value: a malformed address would make the insert (inet) fail.
    clientInet: origin.address && isIP(origin.address) ? origin.address : null,
  });
}

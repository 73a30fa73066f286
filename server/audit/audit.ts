/**
 * The audit trail: every mutation writes who, what, before and after, from where and when,
 * inside the mutation's own transaction. Secrets never reach it.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connection';
import { auditLog } from '../db/schema';

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

export interface AuditEntry {
  action: 'create' | 'update' | 'delete' | 'enable' | 'disable' | 'login' | 'logout' | 'password_reset' | string;
  resource: string;
  recordId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** Who, when there is no signed-in user on the request (sign-in, recovery). */
  actor?: { id: number | null; email: string | null };
}

/** Who acted and from which address: a signed-in user's request, or the origin a background job recorded. */
export interface AuditOrigin {
  actor: { id: number | null; email: string | null };
  address: string | null;
}

/** `tx` is the transaction of the mutation itself, so the record and its audit line commit together. */
export async function writeAudit(tx: Db, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  const actor = entry.actor ?? { id: request.user?.id ?? null, email: request.user?.email ?? null };
  await writeAuditAs(tx, { actor, address: request.ip }, entry);
}

/** The audit writer without a request (jobs, scripts): the actor and address are given by the caller. */
export async function writeAuditAs(tx: Db, origin: AuditOrigin, entry: AuditEntry): Promise<void> {
  const actor = entry.actor ?? origin.actor;
  await tx.insert(auditLog).values({
    userId: actor.id,
    userEmail: actor.email,
    action: entry.action,
    resource: entry.resource,
    recordId: entry.recordId == null ? null : String(entry.recordId),
    before: entry.before === undefined ? null : redact(entry.before),
    after: entry.after === undefined ? null : redact(entry.after),
    clientAddress: origin.address,
  });
}

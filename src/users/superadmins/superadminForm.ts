/**
 * The superadmin modal's pure rules (spec 01 §5 'Superadmin'): its values, their validation with the declaration's
 * schema (the server's messages), the body it sends, and the self rules the server also enforces — nobody changes
 * their own permissions or deactivates themself (server/auth/superadminRules.ts).
 */
import { ValidationError } from 'yup';
import type { Permission } from '../../../resources/permissions';
import { superadminSchema, type SuperadminRecord } from '../../../resources/superadmins';

export interface SuperadminFormValues {
  name: string;
  email: string;
  permissionIds: number[];
}

export type FieldErrors = Partial<Record<'name' | 'email' | 'permissions' | 'deleted', string>>;

export function initialValues(record?: Pick<SuperadminRecord, 'name' | 'email' | 'permissions'> | null): SuperadminFormValues {
  return {
    name: record?.name ?? '',
    email: record?.email ?? '',
    permissionIds: (record?.permissions ?? []).map((permission) => permission.permissionID).sort((a, b) => a - b),
  };
}

/** Checks or unchecks one permission. */
export function togglePermission(values: SuperadminFormValues, id: number): SuperadminFormValues {
  const has = values.permissionIds.includes(id);
  const permissionIds = has ? values.permissionIds.filter((held) => held !== id) : [...values.permissionIds, id].sort((a, b) => a - b);
  return { ...values, permissionIds };
}

/** The spec's wire shape: `permissions: [{ permissionID, name }]`. */
export function superadminBody(values: SuperadminFormValues, catalogue: readonly Permission[]) {
  return {
    name: values.name.trim(),
    email: values.email.trim().toLowerCase(),
    permissions: values.permissionIds.map((id) => ({ permissionID: id, name: catalogue.find((p) => p.permissionID === id)?.name ?? '' })),
  };
}

/** The schema's refusals, one i18n key per field (empty: valid). */
export async function validateSuperadmin(values: SuperadminFormValues): Promise<FieldErrors> {
  try {
    await superadminSchema.validate(
      { name: values.name, email: values.email, permissions: values.permissionIds },
      { abortEarly: false },
    );
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: FieldErrors = {};
    for (const failure of error.inner.length > 0 ? error.inner : [error]) {
      const field = String(failure.path ?? '').split(/[.[]/)[0] as keyof FieldErrors;
      if (field && !errors[field]) errors[field] = String(failure.message);
    }
    return errors;
  }
}

/** Editing oneself: the permission set cannot change (another superadmin changes it). */
export const isSelf = (record: { id: unknown } | null | undefined, selfId: unknown): boolean =>
  record != null && selfId != null && String(record.id) === String(selfId);

/** Deactivation is offered for others only, and only for active ones; activation for inactive ones. */
export function statusAction(record: Pick<SuperadminRecord, 'id' | 'deleted'>, selfId: unknown): 'deactivate' | 'activate' | null {
  if (record.deleted) return 'activate';
  return isSelf(record, selfId) ? null : 'deactivate';
}

/** 'Administrar' (spec 01 §2, §6 Impersonate), shared by the server's route and the detail's dialog. */
/** The reason the superadmin gives for entering a portal (beyond the spec): 10 to 500 characters once trimmed. */
export const IMPERSONATION_REASON_MIN = 10;
export const IMPERSONATION_REASON_MAX = 500;

export function isValidReason(reason: string): boolean {
  const trimmed = reason.trim();
  return trimmed.length >= IMPERSONATION_REASON_MIN && trimmed.length <= IMPERSONATION_REASON_MAX;
}

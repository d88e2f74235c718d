// The code of a refusal by a quota, apart from contract/quotas.ts: the browser needs only this, not the
// quotas' messages (built when that module loads, so they would ship with every screen's data layer).

/** The `code` of the 400 a create or an import beyond a quota answers. */
export const QUOTA_EXCEEDED = 'quota_exceeded';

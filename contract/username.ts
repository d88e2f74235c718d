// The one normalization of a typed username, shared by registration, login and the rate limits.

/**
 * The name as registration stores it: Unicode NFKC (as Django's `normalize_username`), then
 * without surrounding whitespace. NFKC comes first because it can turn a character into a space
 * (U+00A8 `¨` becomes a space and a combining mark), which must be trimmed as well.
 */
export function normalizeUsername(typed: string): string {
  return typed.normalize('NFKC').trim();
}

/**
 * The key an account is found by and every per-username rate limit counts on: the normalized name,
 * case-folded (upper then lower case folds `ß` to `ss` and `ſ` to `s`, as Unicode case folding
 * does). Two typed names reach the same account exactly when their keys are equal, so whitespace,
 * letter case and compatibility forms (full-width letters, ligatures) cannot split a limit.
 * Stored names are ASCII (USERNAME_PATTERN), for which this is plain lower case.
 */
export function usernameKey(typed: string): string {
  return normalizeUsername(typed).toUpperCase().toLowerCase();
}

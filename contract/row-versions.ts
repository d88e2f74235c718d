// Row versions on the wire, for the server and the browser alike: the ETag's form, If-Match's reading, the 412's codes.
// Kept free of TypeBox so the browser's edit path carries no schema library.

/** A PATCH or DELETE whose If-Match names an older version: `412 {detail, code, current}`. */
export const VERSION_CONFLICT = 'version_conflict';
/** A 404 to a request with If-Match whose item is in the Recently deleted bin. */
export const DELETED_CODE = 'deleted';
/** A malformed If-Match: `400 {detail, code}`. */
export const BAD_IF_MATCH = 'bad_if_match';

export const VERSION_MESSAGES = {
  conflict: 'This item was changed elsewhere since this version.',
  badIfMatch: 'If-Match must be "*" or entity tags such as "3", as sent in the ETag header.',
} as const;

/** The strong ETag of a row at `version`: `"3"`. */
export function etagOf(version: number): string {
  return `"${version}"`;
}

/** One entity tag: optional `W/`, then a quoted opaque value without quotes or controls. */
const ENTITY_TAG = /(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"/y;
const LIST_SEPARATOR = /[ \t]*,[ \t]*/y;
const STRONG_VERSION = /^[1-9]\d{0,8}$/; // within a 32-bit integer column

/**
 * The versions an If-Match header lets a write apply to (RFC 9110 §13.1.1): undefined for `*`
 * (any current version: the write goes ahead as without the header), otherwise the strong tags
 * that name a version; a weak or unknown tag names none (strong comparison), so it never matches.
 * 'invalid' when the header is not `*` or a comma-separated list of entity tags.
 */
export function parseIfMatch(header: string): number[] | undefined | 'invalid' {
  const text = header.trim();
  if (text === '*') return undefined;
  const versions: number[] = [];
  let at = 0;
  let tags = 0;
  while (at < text.length) {
    if (tags > 0) {
      LIST_SEPARATOR.lastIndex = at;
      if (!LIST_SEPARATOR.test(text)) return 'invalid';
      at = LIST_SEPARATOR.lastIndex;
    }
    ENTITY_TAG.lastIndex = at;
    const match = ENTITY_TAG.exec(text);
    if (!match) return 'invalid';
    at = ENTITY_TAG.lastIndex;
    tags += 1;
    const opaque = match[2] ?? '';
    if (!match[1] && STRONG_VERSION.test(opaque)) versions.push(Number(opaque));
  }
  return tags === 0 ? 'invalid' : versions;
}

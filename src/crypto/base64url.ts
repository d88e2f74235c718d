// Bytes as unpadded base64url text: how nonces, salts and ciphertexts travel in JSON and URLs alike.

/** Big inputs go to String.fromCharCode in slices: spreading a whole note would overflow the stack. */
const SLICE = 0x8000;

export function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(start, start + SLICE));
  }
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Throws a SyntaxError for anything but unpadded base64url: the text may come from a server. */
export function fromBase64url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) {
    throw new SyntaxError('Not base64url text.');
  }
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

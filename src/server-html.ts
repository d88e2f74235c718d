// Whether the app renders HTML that the server sends for a signed-in user, or takes over from it.
//
// The server renders a journals page for a user whose session it could check (server/services/
// server-render.ts) into `<div id="root" inert data-server-rendered>`: shown at once, but inert,
// since nothing on it works until the app's code runs. main.tsx replaces it in one synchronous
// render and then drops both attributes.

export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/**
 * True on the server (there is no document there) and during the app's first render over server
 * HTML: then a screen renders whole at once, since anything it left for later would vanish from
 * the screen for a moment.
 */
export function rendersWholePage(): boolean {
  if (typeof document === 'undefined') return true;
  return document.getElementById('root')?.hasAttribute(SERVER_RENDERED_ATTRIBUTE) === true;
}

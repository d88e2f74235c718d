// Whether this browser shows the journals page as the server renders it (month at a glance closed;
// the server renders in the app's language, src/i18n/store.ts): only then may the render cookie ask
// for a server render (src/api/render-cookie.ts).
import { isGlanceOpen } from '../stats/glance-open';

export function rendersLikeServer(): boolean {
  return !isGlanceOpen();
}

// Toasts (docs/product-rules.md sections 4 and 8): shown 3 s; primary for success, warning for an
// unexpected status, danger for an exception.
import { type NotificationData, notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../../contract/rules';
import { translateMessage } from '../i18n/store';
import { isHttpError } from '../queries/errors';

/** At most this many toasts show at once (the rest wait their turn), so ticks never bury the page. */
export const TOAST_LIMIT = 3;

/**
 * Shows a toast. One identical to a toast still on screen (same colour, title and message) is
 * merged into it rather than stacked: five failed ticks say 'Failed to update …' once.
 * Successes are polite status messages, read when the screen reader is free; failures stay
 * alerts, which interrupt.
 */
function show(data: NotificationData, polite: boolean): void {
  const id =
    typeof data.message === 'string' && (data.title === undefined || typeof data.title === 'string')
      ? `toast:${data.color ?? 'primary'}:${data.title ?? ''}:${data.message}`
      : undefined;
  notifications.show({
    autoClose: TOAST_DURATION_MS,
    withBorder: true,
    ...(polite ? { role: 'status', 'aria-live': 'polite' } : {}),
    ...(id ? { id } : {}),
    ...data,
  });
}

/**
 * In the next task: a success follows the change it reports, which draws first (a Save's card
 * showed ~5 ms sooner with its toast after it).
 */
export function notifySuccess(message: string): void {
  setTimeout(() => show({ message }, true), 0);
}

/**
 * An HTTP error means the server answered with a status we did not expect (warning);
 * anything else is an exception such as a network failure, whose message is shown (danger).
 */
export function notifyFailure(message: string, error: unknown): void {
  if (isHttpError(error)) {
    show({ message, color: 'yellow' }, false);
    return;
  }
  // Messages made in English below the screens (the API client's offline refusal) show translated.
  const detail = translateMessage(
    error instanceof Error && error.message ? error.message : String(error),
  );
  show({ title: message, message: detail, color: 'red' }, false);
}

/** A warning without an error behind it, e.g. 'Month not selected'. */
export function notifyWarning(message: string): void {
  show({ message, color: 'yellow' }, false);
}

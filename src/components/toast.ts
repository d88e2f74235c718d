// Toasts of spec §4/§8: shown 3 s; primary for success, warning for an unexpected status, danger for an exception.
import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../../contract/rules';
import { isHttpError } from '../queries/errors';

export function notifySuccess(message: string): void {
  notifications.show({ message, autoClose: TOAST_DURATION_MS, withBorder: true });
}

/**
 * An HTTP error means the server answered with a status we did not expect (warning);
 * anything else is an exception such as a network failure, whose message is shown (danger).
 */
export function notifyFailure(message: string, error: unknown): void {
  if (isHttpError(error)) {
    notifications.show({
      message,
      color: 'yellow',
      autoClose: TOAST_DURATION_MS,
      withBorder: true,
    });
    return;
  }
  const detail = error instanceof Error && error.message ? error.message : String(error);
  notifications.show({
    title: message,
    message: detail,
    color: 'red',
    autoClose: TOAST_DURATION_MS,
    withBorder: true,
  });
}

/** A warning without an error behind it, e.g. 'Month not selected'. */
export function notifyWarning(message: string): void {
  notifications.show({ message, color: 'yellow', autoClose: TOAST_DURATION_MS, withBorder: true });
}

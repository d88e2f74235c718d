// The toasts' container, loaded with the first toast: its code (@mantine/notifications' container with react-transition-group, ~6 KB gzipped) is no part of a screen's first paint.
import { type NotificationsProps, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/**
 * Mantine's store holds a toast shown before the container is there; the container, once loaded,
 * shows it and applies its limit and position. Once mounted it stays, so a closing toast keeps its
 * exit transition.
 */
export function LazyNotifications(props: NotificationsProps) {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}

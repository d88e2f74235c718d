import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { LazyNotifications } from '../../../src/components/app-shell/lazy-notifications';
import { notifySuccess } from '../../../src/components/toast';
// For its jsdom stubs (matchMedia, ResizeObserver) that Mantine needs.
import '../routes/render-route';

afterEach(() => {
  act(() => notifications.clean());
});

describe('LazyNotifications', () => {
  it('renders no container until a toast is shown', () => {
    render(
      <MantineProvider env="test">
        <LazyNotifications limit={3} />
      </MantineProvider>,
    );
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
  });

  it('loads the container with the first toast and shows that toast', async () => {
    render(
      <MantineProvider env="test">
        <LazyNotifications limit={3} />
      </MantineProvider>,
    );
    act(() => notifySuccess('Entry saved'));
    expect(await screen.findByText('Entry saved')).toBeInTheDocument();
  });
});

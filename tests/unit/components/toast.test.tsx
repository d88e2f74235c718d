import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HTTPError } from 'ky';
import { TOAST_DURATION_MS } from '../../../contract/rules';
import { CreateGoalModal } from '../../../src/components/journals/create-goal-modal';
import { notifyFailure, notifySuccess } from '../../../src/components/toast';
import { notifyWithUndo } from '../../../src/components/undo-toast';
import { createTestQueryClient } from '../queries/wrapper';
// For its jsdom stubs (matchMedia, ResizeObserver) that Mantine needs.
import '../routes/render-route';

function renderToasts(children: React.ReactNode = null) {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={createTestQueryClient()}>
        <Notifications />
        {children}
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The colour Mantine gives a shown toast, read from its CSS variable. */
function toastColor(message: string): string {
  const root = screen.getByText(message).closest('.mantine-Notification-root') as HTMLElement;
  return root.style.getPropertyValue('--notification-color');
}

afterEach(() => {
  act(() => notifications.clean());
  vi.restoreAllMocks();
});

describe('toasts', () => {
  it('shows a success in the primary colour', async () => {
    renderToasts();
    act(() => notifySuccess('Goal created'));
    expect(await screen.findByText('Goal created')).toBeInTheDocument();
    // No colour of its own: Mantine draws it in the theme's primary colour.
    expect(toastColor('Goal created')).toBe('');
  });

  it('shows an unexpected status as a warning', async () => {
    renderToasts();
    const request = new Request('http://localhost/api/goals/');
    const error = new HTTPError(new Response(null, { status: 500 }), request, {} as never);
    act(() => notifyFailure('Failed to create Goal', error));
    expect(await screen.findByText('Failed to create Goal')).toBeInTheDocument();
    expect(toastColor('Failed to create Goal')).toContain('yellow');
  });

  it('shows an exception as a danger toast with its message', async () => {
    renderToasts();
    act(() => notifyFailure('Failed to make Journal', new TypeError('Failed to fetch')));
    expect(await screen.findByText('Failed to fetch')).toBeInTheDocument();
    expect(toastColor('Failed to fetch')).toContain('red');
    expect(screen.getByText('Failed to make Journal')).toBeInTheDocument();
  });

  it('announces a success politely (status) and a failure as an alert', async () => {
    renderToasts();
    act(() => {
      notifySuccess('Goal updated');
      notifyFailure('Failed to update Goal', new TypeError('Failed to fetch'));
    });
    const success = (await screen.findByText('Goal updated')).closest('.mantine-Notification-root');
    const failure = screen.getByText('Failed to fetch').closest('.mantine-Notification-root');
    expect(success).toHaveAttribute('role', 'status');
    expect(failure).toHaveAttribute('role', 'alert');
  });

  it('merges a toast identical to one on screen, and keeps different ones apart', async () => {
    renderToasts();
    act(() => {
      for (let tick = 0; tick < 5; tick += 1) notifySuccess('Habit updated');
      notifyFailure('Failed to update Habit', new TypeError('Failed to fetch'));
      notifyFailure('Failed to update Habit', new TypeError('Failed to fetch'));
      notifySuccess('Goal updated');
    });
    await screen.findByText('Goal updated');
    expect(screen.getAllByText('Habit updated')).toHaveLength(1);
    expect(screen.getAllByText('Failed to fetch')).toHaveLength(1);
  });

  it("keeps the spec's toasts 3 s, and the Undo of a delete long enough to be clicked", async () => {
    const show = vi.spyOn(notifications, 'show');
    renderToasts();
    act(() => {
      notifySuccess('Goal updated');
      notifyWithUndo('Journal deleted', () => undefined);
    });
    await screen.findByText('Goal updated');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    const shown = show.mock.calls.map(([data]) => data);
    const report = shown.find((data) => data.message === 'Goal updated');
    const undo = shown.find((data) => typeof data.message !== 'string');
    expect(report?.autoClose).toBe(TOAST_DURATION_MS);
    expect(undo?.autoClose).toBeGreaterThanOrEqual(8000);
  });

  it("warns 'Month not selected' when a goal is made without a month", async () => {
    const { getByRole, getByLabelText } = renderToasts(
      <CreateGoalModal monthId={0} opened onClose={() => undefined} />,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Goal/), 'Read more');
    await user.click(getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Month not selected')).toBeInTheDocument();
    expect(getByLabelText(/^Goal/)).toHaveValue('Read more');
  });
});

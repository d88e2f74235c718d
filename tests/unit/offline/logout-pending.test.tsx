// Logging out with changes not yet on the server asks first.
import { screen, waitFor } from '@testing-library/react';
import { OFFLINE_TEXTS } from '../../../src/offline/texts';
import { makeMonthFixture } from '../../fixtures/factories';
import { seedMonth } from '../msw/db';
import { setupMswServer } from '../msw/server';
import { createTestQueryClient } from '../queries/wrapper';
import { renderRoute, signIn } from '../routes/render-route';

setupMswServer();

/** A client holding one write that waits for the network, as after ticking a goal offline. */
function clientWithUnsyncedWrite() {
  const queryClient = createTestQueryClient();
  const { goals } = seedMonth(makeMonthFixture({ goals: ['Swim'] }));
  queryClient.getMutationCache().build(
    queryClient,
    { mutationKey: ['write', 'goal.update'], mutationFn: () => new Promise(() => {}) },
    {
      context: undefined,
      data: undefined,
      error: null,
      failureCount: 0,
      failureReason: null,
      isPaused: true,
      status: 'pending',
      variables: { monthId: 1, goalId: goals[0]!.id, isCompleted: true },
      submittedAt: Date.now(),
    },
  );
  return queryClient;
}

describe('/logout with changes not yet synced', () => {
  it('warns first, and logs out only when asked to anyway', async () => {
    signIn();
    const view = renderRoute('/logout', { queryClient: clientWithUnsyncedWrite() });
    const dialog = await screen.findByRole('alertdialog', { name: OFFLINE_TEXTS.logoutTitle });
    expect(dialog).toHaveTextContent(OFFLINE_TEXTS.logoutBody(1));
    expect(localStorage.getItem('access')).not.toBeNull();

    await view.user.click(screen.getByRole('button', { name: OFFLINE_TEXTS.logoutAnyway }));
    await waitFor(() => expect(view.pathname()).toBe('/'));
    expect(localStorage.length).toBe(0);
  });

  it('offers to sync first, which keeps the session', async () => {
    signIn();
    const view = renderRoute('/logout', { queryClient: clientWithUnsyncedWrite() });
    await view.user.click(await screen.findByRole('button', { name: OFFLINE_TEXTS.syncFirst }));
    await waitFor(() => expect(view.pathname()).toBe('/months'));
    expect(localStorage.getItem('access')).not.toBeNull();
  });
});

// @vitest-environment node
// The app's QueryClient tells screens of a cache change within the task that made it.
import { notifyManager, QueryObserver } from '@tanstack/react-query';
import { createQueryClient } from '../../../src/query-client';

describe('the app’s QueryClient', () => {
  it('tells an observer of a change before the next task, so a click’s change draws in its frame', async () => {
    const queryClient = createQueryClient();
    const observer = new QueryObserver(queryClient, {
      queryKey: ['months', 1, 'journals'],
      queryFn: () => [] as string[],
      enabled: false,
    });
    const heard: string[] = [];
    // As useQuery subscribes a screen: through the notify manager's batching.
    const stop = observer.subscribe(
      notifyManager.batchCalls((result) => heard.push(`data ${String(result.data)}`)),
    );
    // A task already waiting when the change is made (as a frame would be).
    const nextTask = new Promise<void>((resolve) =>
      setTimeout(() => {
        heard.push('next task');
        resolve();
      }, 0),
    );
    queryClient.setQueryData(['months', 1, 'journals'], ['written']);
    await nextTask;
    stop();
    expect(heard).toEqual(['data written', 'next task']);
  });
});

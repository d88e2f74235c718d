import { onlineManager } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { useOnline, useOnReconnect } from '../../../src/offline/online-status';
import { createQueryClient } from '../../../src/query-client';
import { renderQueryHook } from '../queries/wrapper';
import { fireNetworkEvent, restoreOnlineAfterEach, setBrowserOnline } from './offline-support';

restoreOnlineAfterEach();

describe('online status', () => {
  it("follows the browser's online and offline events, through react-query's manager", () => {
    // A mounted client is what makes react-query listen to the window's events, as in the app.
    const { result } = renderQueryHook(() => useOnline(), createQueryClient());
    expect(result.current).toBe(true);
    act(() => fireNetworkEvent(false));
    expect(result.current).toBe(false);
    expect(onlineManager.isOnline()).toBe(false);
    act(() => fireNetworkEvent(true));
    expect(result.current).toBe(true);
  });

  it('calls back on each reconnection, not on first render nor on going offline', () => {
    const onReconnect = vi.fn();
    renderHook(() => useOnReconnect(onReconnect));
    expect(onReconnect).not.toHaveBeenCalled();
    setBrowserOnline(false);
    expect(onReconnect).not.toHaveBeenCalled();
    setBrowserOnline(true);
    expect(onReconnect).toHaveBeenCalledTimes(1);
    setBrowserOnline(false);
    setBrowserOnline(true);
    expect(onReconnect).toHaveBeenCalledTimes(2);
  });
});

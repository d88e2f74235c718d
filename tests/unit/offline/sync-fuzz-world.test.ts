// @vitest-environment node
// The sync fuzzer's world (sync-fuzz-world.ts): when it counts as quiet, so the fuzzer checks the tabs only once they have heard everything.
import {
  DeviceChannel,
  here,
  newDevice,
  nothingInTransit,
  type TabIdentity,
  waitUntil,
} from './sync-fuzz-world';

describe("the fuzzer's world", () => {
  // Found by the fuzzer's seed 35: its wait for the sync to end was already looking again when the
  // last create's answer came in, and ended before the other tab heard of its server id.
  it('is not quiet while a message between two tabs is on its way', async () => {
    const device = newDevice('A');
    const tab = (name: string): TabIdentity => ({ name, device, closed: false });
    const [sender, receiver] = [tab('A1'), tab('A2')];
    const heard: string[] = [];
    const listening = here.run(receiver, () => new DeviceChannel('monthbook'));
    listening.onmessage = (event: MessageEvent<{ type: string }>) => heard.push(event.data.type);
    const posting = here.run(sender, () => new DeviceChannel('monthbook'));
    let answered = false;
    const synced = waitUntil(
      'the answer, and the message it makes',
      () => answered && nothingInTransit(),
    );

    // The answer arrives, and the tab tells the other of the id, while the wait is about to look.
    answered = true;
    here.run(sender, () => posting.postMessage({ type: 'id' }));
    await synced;

    expect(heard).toEqual(['id']);
    listening.close();
    posting.close();
  });
});

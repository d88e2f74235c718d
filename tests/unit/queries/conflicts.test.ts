// @vitest-environment node
// withConflictResolution: If-Match from the base, silent merge of one-sided changes, the user's choice, restore or drop.
import { HTTPError } from 'ky';
import type { Journal } from '../../../contract/entities';
import { BOTH_SEPARATOR } from '../../../src/offline/conflict-merge';
import {
  type ConflictUi,
  registerConflictUi,
  withConflictResolution,
} from '../../../src/queries/conflicts';

const journal = (fields: Partial<Journal> = {}): Journal => ({
  id: 7,
  created_at: '2026-03-02',
  highlight: 'Walked',
  author: 1,
  month: 2,
  month_id: 2,
  version: 1,
  ...fields,
});

function refusal(status: number, body: object): HTTPError {
  const request = new Request('http://x/api/journals/7/', { method: 'PATCH' });
  const response = new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
  return new HTTPError(response, request, {} as never);
}

/** A server holding `current`: applies an If-Match'd PATCH or refuses it as the real one does. */
function fakeServer(current: Journal) {
  const sent: Array<{ body: Partial<Journal>; ifMatch: number | undefined }> = [];
  return {
    sent,
    send: async (body: Partial<Journal>, ifMatch: number | undefined) => {
      sent.push({ body, ifMatch });
      if (ifMatch !== undefined && ifMatch !== current.version) {
        throw refusal(412, { detail: 'x', code: 'version_conflict', current });
      }
      current = { ...current, ...body, version: (current.version ?? 1) + 1 };
      return current;
    },
  };
}

const answers = (
  choice: 'mine' | 'theirs' | 'both' | 'later',
  deleted: 'restore' | 'drop' | 'later' = 'drop',
) => {
  const asked: unknown[] = [];
  const ui: ConflictUi = {
    chooseVersion: async (question) => {
      asked.push(question);
      return choice;
    },
    restoreOrDrop: async (question) => {
      asked.push(question);
      return deleted;
    },
  };
  registerConflictUi(ui);
  return asked;
};

afterEach(() => registerConflictUi(null));

/** An edit of an entry another device moved to the bin: answered 404 "deleted". */
const editOfAnEntryInTheBin = () =>
  withConflictResolution({
    base: journal(),
    changes: { highlight: 'Cycled' },
    send: () => Promise.reject(refusal(404, { detail: 'Not found.', code: 'deleted' })),
    restore: async () => undefined,
  });

it('sends If-Match with the base version and answers the server item', async () => {
  const server = fakeServer(journal());
  const result = await withConflictResolution({
    base: journal(),
    changes: { highlight: 'Cycled' },
    send: server.send,
  });
  expect(server.sent).toEqual([{ body: { highlight: 'Cycled' }, ifMatch: 1 }]);
  expect(result).toMatchObject({ highlight: 'Cycled', version: 2 });
});

it('re-sends a one-sided change with the new version, without asking', async () => {
  const asked = answers('mine');
  const server = fakeServer(journal({ created_at: '2026-03-05', version: 2 }));
  const result = await withConflictResolution({
    base: journal(),
    changes: { highlight: 'Cycled' },
    send: server.send,
  });
  expect(asked).toEqual([]);
  expect(server.sent.map((s) => s.ifMatch)).toEqual([1, 2]);
  expect(result).toMatchObject({ highlight: 'Cycled', created_at: '2026-03-05', version: 3 });
});

it.each([
  ['mine', 'Cycled'],
  ['theirs', 'Bus'],
  ['both', `Bus${BOTH_SEPARATOR}Cycled`],
] as const)('asks when both changed the highlight: %s ends with %s', async (choice, text) => {
  const asked = answers(choice);
  const server = fakeServer(journal({ highlight: 'Bus', version: 2 }));
  const result = await withConflictResolution({
    base: journal(),
    changes: { highlight: 'Cycled' },
    send: server.send,
  });
  expect(asked).toEqual([
    {
      conflict: { field: 'highlight', base: 'Walked', mine: 'Cycled', theirs: 'Bus' },
      canKeepBoth: true,
    },
  ]);
  expect(result.highlight).toBe(text);
});

it('restores an entry deleted elsewhere, then applies the edit', async () => {
  answers('mine', 'restore');
  let inBin = true;
  const server = fakeServer(journal());
  const result = await withConflictResolution({
    base: journal(),
    changes: { highlight: 'Cycled' },
    send: (body, ifMatch) =>
      inBin
        ? Promise.reject(refusal(404, { detail: 'Not found.', code: 'deleted' }))
        : server.send(body, ifMatch),
    restore: async () => {
      inBin = false;
    },
  });
  expect(result.highlight).toBe('Cycled');
});

it('rejects with ChangeDropped (the 404 its cause) when the user drops the change, and with the 412 when no one can ask', async () => {
  answers('mine', 'drop');
  const deleted = editOfAnEntryInTheBin();
  await expect(deleted).rejects.toMatchObject({
    name: 'ChangeDropped',
    cause: { response: { status: 404 } },
  });

  registerConflictUi(null);
  const server = fakeServer(journal({ highlight: 'Bus', version: 2 }));
  const unasked = withConflictResolution({
    base: journal(),
    changes: { highlight: 'Cycled' },
    send: server.send,
  });
  await expect(unasked).rejects.toMatchObject({ response: { status: 412 } });
});

it('keeps the change waiting, refused with a reason to retry, when a question is closed without an answer', async () => {
  answers('later', 'later');
  const server = fakeServer(journal({ highlight: 'Bus', version: 2 }));
  const conflict = withConflictResolution({
    base: journal(),
    changes: { highlight: 'Cycled' },
    send: server.send,
  });
  await expect(conflict).rejects.toMatchObject({
    name: 'SyncRefusal',
    status: 412,
    text: 'It was also changed on another device. Retry to choose which version to keep.',
  });
  // Neither version was written over the other.
  expect(server.sent).toHaveLength(1);

  const deleted = editOfAnEntryInTheBin();
  await expect(deleted).rejects.toMatchObject({
    name: 'SyncRefusal',
    status: 404,
    text: 'It was deleted on another device. Retry to choose whether to restore it.',
  });
});

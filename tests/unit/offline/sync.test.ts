// The sync queue's final answers: a change dropped by the user leaves the queue for good, and a change that
// depends on an unsaved one is refused in the reader's language.
import { waitFor } from '@testing-library/react';
import { setLocale } from '../../../src/i18n/store';
import {
  defineWrite,
  enqueueWrite,
  newTempId,
  queuedWrites,
  swapTempId,
} from '../../../src/offline/sync';
import { DeletedElsewhereError } from '../../../src/queries/deleted-elsewhere';
import { requireSaved } from '../../../src/queries/writes';
import { createTestQueryClient } from '../queries/wrapper';

afterEach(() => setLocale('en'));

const deletedElsewhere = defineWrite<{ dropped: boolean }, never>({
  name: 'test.deleted-elsewhere',
  subject: () => ({ kind: 'journal', id: 1, monthId: 1 }),
  run: async ({ dropped }) => {
    throw new DeletedElsewhereError('journal', null, dropped);
  },
});

const created = defineWrite<{ tempId: number }, number>({
  name: 'test.create',
  subject: (v) => ({ kind: 'goal', id: v.tempId, monthId: 1 }),
  run: async () => 42,
  landed: (queryClient, { tempId }, id) => swapTempId(queryClient, tempId, id),
});

const sentIds: number[] = [];
const restored = defineWrite<{ ref: { id: number } }, void>({
  name: 'test.restore',
  subject: (v) => ({ kind: 'goal', id: v.ref.id, monthId: 1 }),
  run: async ({ ref }) => {
    requireSaved(ref.id);
    sentIds.push(ref.id);
  },
});

describe('the sync queue', () => {
  it("sends a write queued after its item's create landed with the server's id, not the temporary one the screen held", async () => {
    // The delete toast's Undo: shown once the delete landed, holding the id the row had when clicked.
    const queryClient = createTestQueryClient();
    const tempId = newTempId();
    await enqueueWrite(queryClient, created, { tempId });
    await enqueueWrite(queryClient, restored, { ref: { id: tempId } });
    expect(sentIds).toEqual([42]);
    expect(queuedWrites(queryClient)).toEqual([]);
  });

  it("forgets a change the user dropped ('Drop my change'), and keeps one nobody was asked about", async () => {
    const queryClient = createTestQueryClient();
    await enqueueWrite(queryClient, deletedElsewhere, { dropped: true }).catch(() => {});
    await enqueueWrite(queryClient, deletedElsewhere, { dropped: false }).catch(() => {});
    await waitFor(() =>
      expect(queuedWrites(queryClient).map((write) => write.state.variables)).toEqual([
        { dropped: false },
      ]),
    );
  });

  it('refuses a change that depends on an unsaved one in the reader’s language', async () => {
    await setLocale('pt-BR');
    expect(() => requireSaved(-5)).toThrow('Esta alteração depende de outra que não foi salva.');
    await setLocale('en');
    expect(() => requireSaved(-5)).toThrow(
      'This change depends on another one that was not saved.',
    );
    expect(() => requireSaved(5)).not.toThrow();
  });
});

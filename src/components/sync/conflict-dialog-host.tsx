// Mounted once in the app shell: answers withConflictResolution's questions with the conflict dialog, loaded on first use.
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ConflictChoice } from '../../offline/conflict-merge';
import { registerConflictUi } from '../../queries/conflict-ui';
import type { ConflictAnswer, ConflictQuestion } from './conflict-dialog';

const ConflictDialog = lazy(() =>
  import('./conflict-dialog').then((m) => ({ default: m.ConflictDialog })),
);

interface Pending {
  question: ConflictQuestion;
  answer(value: ConflictAnswer): void;
}

/** Questions wait in line: two edits refused at once are asked one after the other. */
export function ConflictDialogHost() {
  const [queue, setQueue] = useState<Pending[]>([]);

  useEffect(() => {
    const ask = <A extends ConflictAnswer>(question: ConflictQuestion) =>
      new Promise<A>((resolve) => {
        const pending: Pending = {
          question,
          answer: (value) => {
            setQueue((items) => items.filter((item) => item !== pending));
            resolve(value as A);
          },
        };
        setQueue((items) => [...items, pending]);
      });
    registerConflictUi({
      chooseVersion: (question) => ask<ConflictChoice>({ kind: 'version', ...question }),
      restoreOrDrop: (question) => ask<'restore' | 'drop'>({ kind: 'deleted', ...question }),
    });
    return () => registerConflictUi(null);
  }, []);

  const current = queue[0];
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <ConflictDialog question={current.question} onAnswer={current.answer} />
    </Suspense>
  );
}

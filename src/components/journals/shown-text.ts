// An item's text as shown: a private month's item that cannot be opened on this device says why instead.
import { unreadable } from '../../queries/private-rows';

interface Words {
  lockedItem: string;
  undecryptableItem: string;
}

export function shownText(row: object, text: string, words: Words): string {
  const mark = unreadable(row);
  if (mark === 'locked') return words.lockedItem;
  return mark === 'undecryptable' ? words.undecryptableItem : text;
}

// A month's name as shown: a private month's that cannot be opened on this device says why instead.
import type { Month } from '../../../contract/entities';
import { unreadable } from '../../queries/private-rows';

interface Words {
  privateLocked: string;
  privateUndecryptable: string;
}

export function shownMonthName(month: Pick<Month, 'name'>, words: Words): string {
  const mark = unreadable(month);
  if (mark === 'locked') return words.privateLocked;
  return mark === 'undecryptable' ? words.privateUndecryptable : month.name;
}

// Route params are text: a month id must be a positive integer the API could hold, else the page is a 404.
import { MAX_ID } from '../../../contract/rules';

export function parseMonthId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}

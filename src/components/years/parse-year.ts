// The year of a /years/{year} address: four digits from 1900 to 2999 (the periods' range), or null.
export function parseYear(text: string): number | null {
  if (!/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return year >= 1900 && year <= 2999 ? year : null;
}

// The API reads a screen makes when it opens, as paths relative to the API's address.
// public/early-data.js sends the same ones (it is a plain script and keeps its own copy).

/** The journals page's seven reads, in the order of src/queries/journals-page.ts. */
export function journalsPageReads(monthId: number): string[] {
  return [
    `api/months/${monthId}/`,
    `api/journals/?month=${monthId}`,
    `api/goals/?month=${monthId}`,
    `api/habits/?month=${monthId}`,
    `api/measures/?month=${monthId}`,
    `api/dailyhabits/?month=${monthId}`,
    `api/dailymeasures/?month=${monthId}`,
  ];
}

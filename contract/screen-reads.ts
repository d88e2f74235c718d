// The API reads a screen makes when it opens, as paths relative to the API's address: the one
// list. The server renders the journals page from these reads; public/early-data.js (a plain
// script, run before the app's code) keeps a copy, and the route's queries
// (src/queries/journals-page.ts) ask for them through the API layer: a unit test
// (tests/unit/api/early-data.test.tsx) holds both to this list, in this order.

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

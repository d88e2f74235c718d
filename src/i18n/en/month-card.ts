// English words of a month card's counts (issue 15 #23), apart so the months page loads only these.

export const monthCard = {
  entries: (count: number) => (count === 1 ? '1 entry' : `${count} entries`),
  goalsDone: (done: number, total: number) => `${done} of ${total} goals done`,
} as const;

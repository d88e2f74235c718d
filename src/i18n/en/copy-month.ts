// The words of 'Create a Month' copying the last month (ours, not the spec's: kept together for translation).

export const COPY_TEXTS = {
  button: (month: string) => `Copy measure and habits from ${month}`,
  copied: (month: string) => `Copied from ${month}. Change anything before saving.`,
  nothing: (month: string) => `${month} has no measure or habits to copy.`,
  failed: (month: string) => `Could not load the measure and habits of ${month}. Try again.`,
} as const;

// Hands a value to the browser as a downloaded JSON file (no server round trip).

export function downloadJson(value: unknown, fileName: string): void {
  const blob = new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download; the URL is no longer needed.
  URL.revokeObjectURL(url);
}

/** `monthbook-cache-2024-01-31T20-00-00.json`: sortable, and valid on every file system. */
export function snapshotFileName(now: Date = new Date()): string {
  return `monthbook-cache-${now.toISOString().slice(0, 19).replace(/:/g, '-')}.json`;
}

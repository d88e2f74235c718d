// Hands a downloaded body to the browser as a file the user saves.

export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; it is freed once the download has it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

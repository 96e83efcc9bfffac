// Reading server-action form data: a field's text, '' when absent or not text (a file).
export function formText(fd: FormData, key: string): string {
  const v = fd.get(key);
  return typeof v === 'string' ? v : '';
}

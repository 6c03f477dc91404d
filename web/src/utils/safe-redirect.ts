/** Only same-origin paths (`/x`, not `//host` or `/\host`) are followed after login. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/**
 * Standard-alphabet Base64 with its padding and nothing else: no spaces, line breaks or URL-safe
 * characters. A linear scan, not a regular expression: a regex with a repeated group overflows V8's
 * stack on bodies of a few MiB, and the platform decrypts bodies of that size.
 */
export function isStandardBase64(text: string): boolean {
  if (text.length % 4 !== 0) return false;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const end = text.length - padding;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    const ok = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47;
    if (!ok) return false;
  }
  return true;
}

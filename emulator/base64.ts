const STANDARD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Standard-alphabet Base64 with its padding and nothing else: no spaces, line breaks or URL-safe characters. */
export function isStandardBase64(text: string): boolean {
  return STANDARD_BASE64.test(text);
}

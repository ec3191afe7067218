/**
 * Service URLs as the action publishes them (`url`, `urls`, the job summary): absolute http(s) URLs
 * only, in the form a real URL parser gives them. The server chooses these strings; a later step may
 * pass them to a shell or a browser, so `javascript:` and other schemes are never published, and
 * characters such as spaces, quotes and backticks come out percent-encoded.
 */
export function publishableUrl(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  // The parser gives a bare origin a "/" path; left as the server wrote it, "$URL/health" stays one slash.
  const bare = url.pathname === '/' && url.search === '' && url.hash === '' && !/\/\s*$/.test(text);
  return bare ? url.href.slice(0, -1) : url.href;
}

/** The publishable URLs among `urls`, in order; each one dropped is handed to `dropped`. */
export function publishableUrls(urls: readonly (string | null)[], dropped: (url: string) => void): string[] {
  return urls.flatMap((text) => {
    if (text === null) return [];
    const url = publishableUrl(text);
    if (url === undefined) dropped(text);
    return url === undefined ? [] : [url];
  });
}

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
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
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

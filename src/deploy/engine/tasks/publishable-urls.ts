import { sanitize } from '../../../basics/safe-text.js';

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

/** Filters the service URLs a task may publish (warning about the others). */
export type PublishUrls = (taskId: string, urls: readonly (string | null)[]) => string[];

/** The service URLs a task result publishes; each URL dropped is warned about once. */
export function urlPublisher(ctx: { runtime: { warn: (line: string) => void } }): PublishUrls {
  const warned = new Set<string>();
  return (taskId, urls) =>
    publishableUrls(urls, (url) => {
      if (warned.has(url)) return;
      warned.add(url);
      ctx.runtime.warn(
        `task ${taskId}: the service URL ${JSON.stringify(sanitize(url, 120))} is not an absolute http(s) URL, so it is not published in url, urls or the summary`
      );
    });
}

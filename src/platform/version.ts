/** The action's version (kept equal to package.json's by a test), for the User-Agent header. */
export const VERSION = '0.2.0';
export const USER_AGENT = `elastic-deploy-action/${VERSION}`;

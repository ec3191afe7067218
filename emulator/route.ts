// What a route of the emulator is, and how it reads its parameters.
import { bodyObject, integerValue, optionalString, page } from './params.js';
import { parameterError } from './rejection.js';
import type { Stores } from './stores.js';
import type { TaskStore } from './tasks.js';

export type Method = 'GET' | 'POST';

/** Which document the emulator follows where they differ: the interface spec, or the platform's reference. */
export type Profile = 'spec' | 'live';

export interface RouteContext {
  method: Method;
  query: URLSearchParams;
  /** The verified JSON body (decrypted on encrypted endpoints), undefined when there is none. */
  payload: unknown;
  /** The emulator's state, a store per resource. */
  stores: Stores;
  profile: Profile;
  /** The most items a page holds, whatever page_size asks (no cap when undefined). */
  pageSizeMax: number | undefined;
}

export interface Route {
  readonly path: string;
  /** Several methods where the spec and the platform disagree (detail: POST body or GET query). */
  readonly methods: readonly Method[];
  readonly encrypt: boolean;
  /**
   * The Content-Type the document gives the route, where it says (the reference's S3 check: an encrypted
   * body "submitted as text/plain"): only it is taken. Else each profile's own (see checkContentType).
   */
  readonly contentType?: 'text/plain';
  /** The route makes a task (its answer's task_id is recorded with the request). */
  readonly creates?: boolean;
  /** The profiles that serve the route (both when absent). */
  readonly profiles?: readonly Profile[];
  handle(ctx: RouteContext): unknown;
}

/** Where a parameter comes from: the query string of a GET, or the JSON object body of a POST. */
export function parameters(ctx: RouteContext): { get: (name: string) => unknown; from: 'body' | 'query' } {
  if (ctx.method === 'GET') return { get: (name) => ctx.query.get(name) ?? undefined, from: 'query' };
  const body = bodyObject(ctx.payload);
  return { get: (name) => body[name], from: 'body' };
}

/** A parameter as text: a string, or a number as written (from a JSON body). */
export function textParameter(ctx: RouteContext, name: string): string | undefined {
  const value = parameters(ctx).get(name);
  return typeof value === 'bigint' || typeof value === 'number' ? String(value) : optionalString(value, name);
}

/** Refuses a request that lacks a parameter the reference makes required. */
export function requireParameters(ctx: RouteContext, names: readonly string[]): void {
  const missing = names.filter((name) => textParameter(ctx, name) === undefined);
  if (missing.length > 0)
    throw parameterError(`${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required`);
}

export function idParameter(ctx: RouteContext, name: string): bigint {
  const p = parameters(ctx);
  return integerValue(p.get(name), name, p.from);
}

/** One page of `items`, as page and page_size ask, within the emulator's page cap. */
export function pageOf<T>(ctx: RouteContext, items: T[]): { count: number; results: T[] } {
  const p = parameters(ctx);
  return page(items, p.get, p.from, ctx.pageSizeMax);
}

/** A POST {task_id} that acts on a task and answers null. */
export function taskAction(
  path: string,
  act: (tasks: TaskStore, id: bigint, ctx: RouteContext) => void
): Route {
  return {
    path,
    methods: ['POST'],
    encrypt: false,
    handle: (ctx) => {
      act(ctx.stores.tasks, idParameter(ctx, 'task_id'), ctx);
      return null;
    }
  };
}

/** The storage lists' page sizes (suanli-nas-storage/): 10 unless asked, 100 at the most. */
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MOST = 100;

/**
 * A storage list's page_size: <= 0 reads as 10, 100 at the most, as the reference says; fewer when the
 * emulator is told to cap pages lower than clients ask (setPageSizeMax).
 */
export function storagePageSize(ctx: RouteContext): number {
  const asked = Math.min(lenientPage(ctx, 'page_size', PAGE_SIZE_DEFAULT), PAGE_SIZE_MOST);
  return Math.min(asked, ctx.pageSizeMax ?? asked);
}

/** A storage list's page or page_size: <= 0 reads as `fallback`, as the reference says; not a number is refused. */
export function lenientPage(ctx: RouteContext, name: string, fallback: number): number {
  const text = textParameter(ctx, name);
  if (text === undefined) return fallback;
  if (!/^-?\d+$/.test(text)) throw parameterError(`${name} must be an integer`);
  const value = Number(text);
  return value <= 0 ? fallback : value;
}

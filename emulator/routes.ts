// Every endpoint the emulator serves, a routes file per resource: the resource search, the deployment's
// tasks and nodes, billing, image preheat, jobs and their queues, storage checks, cluster storage volumes
// and their SFTP sessions. A new resource is a store (see
// stores.ts) and a routes file listed here.
import { BILLING_ROUTES } from './billing-routes.js';
import { DEPLOYMENT_ROUTES } from './deployment-routes.js';
import { JOB_ROUTES } from './job-routes.js';
import { PREHEAT_ROUTES } from './preheat-routes.js';
import { RESOURCE_ROUTES } from './resource-routes.js';
import { SFTP_ROUTES } from './sftp-routes.js';
import type { Route } from './route.js';
import { STORAGE_ROUTES } from './storage-routes.js';
import { VOLUME_ROUTES } from './volume-routes.js';
import { TRANSFER_ROUTES } from './transfer-routes.js';

export type { Method, Profile, Route, RouteContext } from './route.js';
export type { StorageVerdict } from './storage.js';

export const ROUTES: readonly Route[] = [
  ...RESOURCE_ROUTES,
  ...DEPLOYMENT_ROUTES,
  ...BILLING_ROUTES,
  ...PREHEAT_ROUTES,
  ...JOB_ROUTES,
  ...STORAGE_ROUTES,
  ...VOLUME_ROUTES,
  ...SFTP_ROUTES,
  ...TRANSFER_ROUTES
];

// Create bodies in the platform's documented forms: its reference requires resources (a mark from a
// resource search) and services (each with service_name, service_image and remote_ports).
import { DEVICES, markOf } from '../../emulator/catalog.js';

const [GPU_4090] = DEVICES;
if (GPU_4090 === undefined || GPU_4090.regions[0] === undefined) throw new Error('the catalog has no 4090');

/** The mark a resource search gives for a 4090 node in its first region (regions[].mark.mark). */
export const MARK_4090 = markOf(GPU_4090, GPU_4090.regions[0], 'Deployment');
/** The same, for a job (the resource search with task_type=Job). */
export const JOB_MARK_4090 = markOf(GPU_4090, GPU_4090.regions[0], 'Job');
/** The region of those marks. */
export const REGION_4090 = GPU_4090.regions[0].region;

/** One web service on port 80. */
export const WEB_SERVICE = {
  service_name: 'web',
  service_image: 'nginx:1.27',
  remote_ports: [{ service_port: 80 }]
};

/** A create's body (as the body input takes it, JSON) with the 4090 mark and `services`. */
export function createBody(services: readonly Record<string, unknown>[] = [WEB_SERVICE]): string {
  return JSON.stringify({ resources: [{ mark: MARK_4090 }], services });
}

/** The body of a create of one web service on a 4090 node. */
export const WEB_BODY = createBody();

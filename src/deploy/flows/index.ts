import type { OperationName } from '../../platform/platform-settings.js';
import { callFlow } from './call.js';
import { withDataIn } from './copying.js';
import type { Flow } from './flow.js';
import { waitFlow } from './wait.js';

const ready = (flow: Flow) => (): Promise<Flow> => Promise.resolve(flow);

/**
 * The flow of every operation: what happens over time once its calls are planned. The calls and the
 * waits of the common operations are in the bundle's first file; each other flow is a chunk loaded when
 * a step takes it, so that a step compiles only the flow it runs. Adding a flow is a module of its own in
 * this folder, and its rows here (and in platform/operations.ts, for the calls it sends).
 */
export const FLOWS: Readonly<Record<OperationName, () => Promise<Flow>>> = {
  create: ready(withDataIn(waitFlow)),
  replace: async () => withDataIn((await import('./replace.js')).replaceFlow),
  detail: ready(waitFlow),
  search_tasks: ready(callFlow),
  search_resources: ready(callFlow),
  stop: ready(waitFlow),
  pause: ready(waitFlow),
  recover: ready(waitFlow),
  change_points: ready(callFlow),
  nodes: ready(callFlow),
  billing: ready(callFlow),
  task_billing: ready(callFlow),
  job: async () => (await import('./job.js')).jobFlow,
  job_detail: ready(waitFlow),
  job_search: ready(callFlow),
  job_stop: ready(waitFlow),
  job_group_search: ready(callFlow),
  job_group_detail: ready(callFlow),
  storage_check: ready(callFlow),
  logs: async () => (await import('./node-reads.js')).nodeReadsFlow('logs'),
  events: async () => (await import('./node-reads.js')).nodeReadsFlow('events'),
  sweep: async () => (await import('./sweep.js')).sweepFlow,
  preview: async () => (await import('./preview.js')).previewFlow,
  preview_sweep: async () => (await import('./preview-sweep.js')).previewSweepFlow,
  preheat: async () => (await import('./preheat.js')).preheatFlow,
  update: async () => (await import('./update.js')).updateFlow,
  scale: async () => (await import('./scale.js')).scaleFlow,
  replace_node: async () => (await import('./replace-node.js')).replaceNodeFlow,
  volume: async () => (await import('./volume.js')).volumeFlow,
  volume_list: async () => (await import('./volume.js')).volumeListFlow,
  volume_delete: async () => (await import('./volume.js')).volumeDeleteFlow,
  transfer: async () => (await import('./transfer.js')).transferFlow,
  transfer_detail: async () => (await import('./transfer.js')).transferDetailFlow,
  transfer_list: async () => (await import('./transfer.js')).transferListFlow,
  transfer_stop: async () => (await import('./transfer.js')).transferStopFlow,
  request: ready(callFlow)
};

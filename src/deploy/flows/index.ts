import type { OperationName } from '../../platform/platform-settings.js';
import { callFlow } from './call.js';
import type { Flow } from './flow.js';
import { nodeReadsFlow } from './node-reads.js';
import { preheatFlow } from './preheat.js';
import { replaceFlow } from './replace.js';
import { replaceNodeFlow } from './replace-node.js';
import { scaleFlow } from './scale.js';
import { updateFlow } from './update.js';
import { sweepFlow } from './sweep.js';
import { waitFlow } from './wait.js';

/**
 * The flow of every operation: what happens over time once its calls are planned. Adding a flow is a
 * module of its own in this folder, and its rows here (and in platform/operations.ts, for the calls it
 * sends).
 */
export const FLOWS: Readonly<Record<OperationName, Flow>> = {
  create: waitFlow,
  replace: replaceFlow,
  detail: waitFlow,
  search_tasks: callFlow,
  search_resources: callFlow,
  stop: waitFlow,
  pause: waitFlow,
  recover: waitFlow,
  change_points: callFlow,
  nodes: callFlow,
  billing: callFlow,
  task_billing: callFlow,
  storage_check: callFlow,
  logs: nodeReadsFlow('logs'),
  events: nodeReadsFlow('events'),
  sweep: sweepFlow,
  preheat: preheatFlow,
  update: updateFlow,
  scale: scaleFlow,
  replace_node: replaceNodeFlow,
  request: callFlow
};

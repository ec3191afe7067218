import { isRecord } from '../../../basics/records.js';
import { sanitize } from '../../../basics/safe-text.js';
import type { TaskSnapshot } from '../../../platform/task-data.js';
import { describeNodeProblem, failingNodes } from '../tasks/failing-nodes.js';
import { nodeEnded } from '../../../platform/node-data.js';
import { TASK_KINDS } from '../../../platform/task-kinds.js';
import { pointOf } from '../tasks/read-task.js';
import { isPublishable } from '../wait/criteria.js';

/**
 * What a running task must show once a change (an update, a scale, a node replaced) has taken: the
 * number of nodes running, the images they run, the nodes that must be gone, its service URLs.
 */
export interface ServingTarget {
  /** runing_points must equal this, and the node list hold this many live nodes. */
  readonly points: number;
  /** The image each service must run on every live node, by service name; absent: any. */
  readonly images?: ReadonlyMap<string, string>;
  /** Nodes (point ids) that must be gone: those the change replaces; absent: none. */
  readonly gone?: ReadonlySet<string>;
  /** The nodes that ran before the change: one of the others that fails, fails the change at once. */
  readonly before: ReadonlySet<string>;
}

/** How a look is read, as the wait inputs say: the service URLs (wait_for_urls) and crash loops (max_restarts). */
export interface ServingRules {
  readonly waitForUrls: boolean;
  /** Restarts of a container that make a node crash-looping (0: never). */
  readonly maxRestarts: number;
}

/** Whether the change has taken: serving, still on its way (and how far), or failed (and why). */
export type ServingVerdict =
  { kind: 'serving' } | { kind: 'waiting'; progress: string } | { kind: 'failed'; why: string };

/** A running deployment's statuses: it serves in its ready success status, and fails in a ready failure. */
const { success: SERVING, failure: NOT_SERVING } = TASK_KINDS.deployment.waitDefaults.ready;

/**
 * Judges one look at a task (its detail's snapshot, and its node list) against the target. A new node
 * (one not in `before`) that is Failed or crash-looping fails the change at once; a task that is no
 * longer Running fails it too. Decided from fields only.
 */
export function judgeServing(
  snapshot: TaskSnapshot,
  nodes: readonly Record<string, unknown>[],
  target: ServingTarget,
  rules: ServingRules
): ServingVerdict {
  if (snapshot.status !== undefined && NOT_SERVING.includes(snapshot.status))
    return { kind: 'failed', why: `is ${sanitize(snapshot.status, 20)}` };
  // A node that no longer runs (one Failed too: see nodeEnded) is no live node; a new one that failed
  // fails the change all the same.
  const live = nodes.filter((node) => !nodeEnded(node));
  const fresh = nodes.filter((node) => !target.before.has(pointOf(node)));
  const [failing] = failingNodes({ results: fresh }, rules.maxRestarts);
  if (failing !== undefined)
    return { kind: 'failed', why: `has a new node that will not come up: ${describeNodeProblem(failing)}` };
  const running = snapshot.nodes?.running;
  const onImage = live.filter((node) => runsImages(node, target.images));
  const left = live.filter((node) => target.gone?.has(pointOf(node)) === true);
  const facts = [
    `runing_points ${running ?? 'unknown'} of ${target.points}`,
    ...(target.images === undefined
      ? []
      : [`${onImage.length} of ${live.length} live nodes on the new images`]),
    ...(live.length === target.points ? [] : [`${live.length} live nodes`]),
    ...(left.length === 0 ? [] : [`${left.length} to go`])
  ];
  const urlsReady = !rules.waitForUrls || snapshot.urls.every((url) => isPublishable(url));
  const serving =
    snapshot.status !== undefined &&
    SERVING.includes(snapshot.status) &&
    running === target.points &&
    live.length === target.points &&
    onImage.length === live.length &&
    left.length === 0 &&
    urlsReady;
  if (serving) return { kind: 'serving' };
  return {
    kind: 'waiting',
    progress: `${facts.join(', ')}${urlsReady ? '' : ', waiting for the service URLs'}`
  };
}

/**
 * Whether a node's containers run the images: a container that names its service must run that
 * service's image; one that does not (the reference allows null) must run one of the images.
 */
function runsImages(node: Record<string, unknown>, images: ReadonlyMap<string, string> | undefined): boolean {
  if (images === undefined) return true;
  const containers = (Array.isArray(node.containers) ? node.containers : []).filter(isRecord);
  const wanted = new Set(images.values());
  return (
    containers.length > 0 &&
    containers.every((container) => {
      const image = typeof container.image === 'string' ? container.image : '';
      const service = typeof container.service_name === 'string' ? container.service_name : undefined;
      const own = service === undefined ? undefined : images.get(service);
      return own === undefined ? wanted.has(image) : own === image;
    })
  );
}

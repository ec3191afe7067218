import { cleanupCall, taskKindOf } from '../../../platform/operations/calls.js';
import { toCompactJson } from '../../../protocol/json.js';
import type { DeploySettings } from '../settings.js';

/**
 * How to stop a task by hand when the post step could not: a workflow step with this action, and a
 * shell command that signs the request as the spec demands (for an endpoint that takes a plain body).
 * Secrets appear only as the names of variables and files the user fills in.
 */
export function manualStop(
  settings: DeploySettings,
  taskId: string,
  action: string
): { step: string; shell: string | undefined } {
  const call = cleanupCall(settings, taskId, 'stop');
  // The stop of the task's own kind: a job's is job_stop.
  const step = actionStep(settings, action, [`    operation: ${call.operation}`, `    task_id: ${taskId}`]);
  const { endpoint } = call;
  if (endpoint.encrypt || endpoint.method !== 'POST') return { step, shell: undefined };
  const body = toCompactJson(call.body ?? {});
  const url = `${settings.baseUrl}${endpoint.path}`;
  const headers = `-H "token: $DEPLOY_API_TOKEN" -H 'version: ${endpoint.version}' -H "timestamp: $ts" -H 'Content-Type: application/json'`;
  const shell =
    settings.credentials.mode === 'rsa'
      ? [
          `body='${body}'; ts=$(date +%s%3N)`,
          `sig=$(printf '%s\\n%s\\n%s\\n%s\\n%s' '${endpoint.path}' '${endpoint.version}' "$ts" "$DEPLOY_API_TOKEN" "$body" | openssl dgst -sha256 -sign private.pem | base64 -w0)`,
          `curl -sS -X POST '${url}' ${headers} -H "sign_str: $sig" --data-binary "$body"`
        ].join('\n')
      : [
          `body='${body}'; ts=$(date +%s%3N)`,
          `curl -sS -X POST '${url}' ${headers} --data-binary "$body"`
        ].join('\n');
  return { step, shell };
}

/**
 * How to stop by hand a task a create may have made without the step learning its id: a workflow step
 * that sweeps the exact name (a name without `*` matches itself only), keeping the tasks in `keep`
 * (`stops`: the step stops them itself). A sweep finds deployments only: for a job, a step that lists the
 * jobs of the name (job_search), each of which but those in `keep` is to stop with job_stop.
 */
export function manualSweep(
  settings: DeploySettings,
  taskName: string,
  keep: readonly string[],
  action: string
): { step: string; how: string } {
  const name = `    task_name: ${JSON.stringify(taskName)}`;
  const kind = taskKindOf(settings);
  if (kind.sweep === undefined) {
    const but = keep.length === 0 ? '' : ` but ${keep.join(', ')}, which existed before the step`;
    return {
      step: actionStep(settings, action, [`    operation: ${kind.search}`, name]),
      how: `list the ${kind.name}s of that name, and stop each one${but} with the ${kind.name}'s stop (operation ${kind.stop}; elastic-deploy ${kind.stop.replaceAll('_', '-')} --task-id N)`
    };
  }
  const step = actionStep(settings, action, [
    '    operation: sweep',
    name,
    ...(keep.length > 0 ? [`    task_id: ${JSON.stringify(keep.join(', '))}`] : [])
  ]);
  return { step, how: 'stop every task of that name but the ones that existed before the step' };
}

/** A workflow step that runs this action with `inputs`, its credentials read from the repository's secrets. */
function actionStep(settings: DeploySettings, action: string, inputs: string[]): string {
  return [
    `- uses: ${action}`,
    '  with:',
    ...inputs,
    `    base_url: ${settings.baseUrl}`,
    '    token: ${{ secrets.DEPLOY_API_TOKEN }}',
    ...(settings.credentials.mode === 'rsa' ? ['    private_key: ${{ secrets.DEPLOY_API_PRIVATE_KEY }}'] : [])
  ].join('\n');
}

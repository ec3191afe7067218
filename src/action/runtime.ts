import { INPUTS, type HostHooks, readSettings, type Settings, loadYaml, yamlNeeded } from '../deploy/door.js';
import type { StepHost } from './host.js';
import { readWorkspaceFile } from './workspace-file.js';
import { appendFiles } from '../host/private-file.js';
import type { Redact } from './masker.js';
import { tmpdir } from 'node:os';

/** A body file larger than this is refused (the largest body the platform is known to take is a few MiB, encrypted). */
const MAX_BODY_FILE_BYTES = 1024 * 1024;

/**
 * The inputs as the host gives them, with the DEPLOY_API_* variables as fallbacks. The YAML parser is
 * loaded first when an input may hold YAML.
 */
export async function settingsFrom(host: StepHost): Promise<Settings> {
  if (yamlNeeded(host.input)) await loadYaml();
  const runnerTemp = host.env('RUNNER_TEMP');
  return readSettings(host.input, host.setSecrets, host.env, (path) =>
    readWorkspaceFile(
      'body_file',
      path,
      {
        workspace: host.env('GITHUB_WORKSPACE') ?? process.cwd(),
        others: runnerTemp === undefined ? [] : [runnerTemp],
        anywhere: host.readsAnyFile === true
      },
      MAX_BODY_FILE_BYTES
    )
  );
}

/**
 * The inputs that make the body and the query of the operation's own request, which no cleanup sends.
 * They may hold credentials (a registry's password, a storage key), so the CLI's state file keeps none.
 */
export const REQUEST_CONTENT_INPUTS: ReadonlySet<string> = new Set(
  INPUTS.filter((declared) => 'requestContent' in declared).map((declared) => declared.name)
);

/**
 * The inputs as a cleanup reads them: the step's, without the body and the query. Stopping or pausing a
 * task sends neither, and a body_file the job has deleted or rewritten since the main step must not keep
 * a task that step created running (the post step would fail reading it, and stop nothing).
 */
export function settingsForCleanup(host: StepHost): Promise<Settings> {
  return settingsFrom({
    ...host,
    input: (name) => (REQUEST_CONTENT_INPUTS.has(name) ? '' : host.input(name))
  });
}

/**
 * What a step's runtime takes of the host: its log, the job's cancellation, where its own files go (a
 * job's log), every line masked as the log is (`redact`), and where the secrets it learns from the
 * platform's answers go (masked from then on, in the log and through `redact`).
 */
export function hostHooks(host: StepHost, cancel: AbortSignal, redact: Redact): HostHooks {
  const files = appendFiles(() => host.env('RUNNER_TEMP') ?? tmpdir(), host.ownFilesDir);
  const masked = new Set<string>();
  return {
    // Each secret once: the runner writes an ::add-mask:: line for each, and a wait reads one detail often.
    mask: (secrets) => {
      const fresh = [...new Set(secrets)].filter((secret) => !masked.has(secret));
      fresh.forEach((secret) => masked.add(secret));
      if (fresh.length > 0) host.setSecrets(fresh);
    },
    log: host.info,
    warn: host.warning,
    ...(host.debug === undefined ? {} : { debug: host.debug }),
    cancel,
    ...(host.progress === undefined ? {} : { progress: host.progress }),
    // RUNNER_TEMP: the job's own (the CLI's: its run directory), as the response file.
    openFile: (name) => {
      const file = files(name);
      return {
        path: file.path,
        append: (text) => {
          file.append(redact(text));
        },
        close: file.close
      };
    }
  };
}

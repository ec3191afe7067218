import * as core from '@actions/core';
import { ApiClient, TransportError } from './client.js';
import { InputError } from './inputs.js';
import { planCall, type Call } from './operations.js';
import { ApiError, readEnvelope } from './protocol/envelope.js';
import { buildRequest, type PreparedRequest } from './protocol/request.js';
import { outputsOf, type Outputs } from './report.js';
import { sanitize } from './safe-text.js';
import { readSettings, type Settings } from './settings.js';
import { USER_AGENT } from './version.js';

const REQUEST_TIMEOUT_MS = 30_000;

export interface Runtime {
  client: ApiClient;
  now: () => number;
  info: (line: string) => void;
  mask: (secret: string) => void;
}

/** The action's main step: read the inputs, make the call, write the outputs. */
export async function run(): Promise<void> {
  const client = new ApiClient({ userAgent: USER_AGENT, timeoutMs: REQUEST_TIMEOUT_MS });
  let operation = 'the action';
  try {
    const settings = readSettings((name) => core.getInput(name), core.setSecret);
    operation = settings.operation;
    const outputs = await execute(settings, {
      client,
      now: Date.now,
      info: (line) => {
        core.info(line);
      },
      mask: core.setSecret
    });
    for (const [name, value] of Object.entries(outputs)) core.setOutput(name, value);
  } catch (error) {
    if (error instanceof ApiError) {
      // The platform's code and description are outputs even when the call failed.
      core.setOutput('code', error.code ?? '');
      core.setOutput('msg', error.description ?? '');
    }
    core.setFailed(failure(operation, error));
  } finally {
    client.dispose();
  }
}

/** Plans, builds and sends the call the settings describe, and reads its answer into outputs. */
export async function execute(settings: Settings, runtime: Runtime): Promise<Outputs> {
  const call = planCall(settings);
  const request = buildRequest({
    ...call,
    baseUrl: settings.baseUrl,
    credentials: settings.credentials,
    now: runtime.now()
  });
  if (request.headers.sign_str !== undefined) runtime.mask(request.headers.sign_str);
  runtime.info(describe(call, request, settings));
  const result = readEnvelope(await runtime.client.send(request));
  const outputs = outputsOf(result, settings);
  runtime.info(
    `${call.operation}: code ${outputs.code}${outputs.msg === '' ? '' : `, ${sanitize(outputs.msg, 200)}`}`
  );
  if (outputs.task_id !== '') runtime.info(`task_id: ${outputs.task_id}`);
  return outputs;
}

function describe(call: Call, request: PreparedRequest, settings: Settings): string {
  const names = call.query.map(([name]) => name);
  const query = names.length === 0 ? '' : ` with query ${names.join(', ')}`;
  const mode = settings.credentials.mode === 'rsa' ? 'RSA mode' : 'token mode';
  const body =
    request.body === ''
      ? 'no body'
      : `${request.encrypted ? 'encrypted body' : 'body'} of ${Buffer.byteLength(request.body)} bytes`;
  return `${call.operation}: ${request.method} ${call.endpoint.path}${query} (${mode}, version ${call.endpoint.version}, ${body})`;
}

/** One line: what failed and why, with what to do where the cause says it. */
function failure(operation: string, error: unknown): string {
  if (error instanceof InputError) return error.message;
  if (error instanceof ApiError || error instanceof TransportError)
    return `${operation} failed: ${error.message}`;
  return `${operation} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`;
}

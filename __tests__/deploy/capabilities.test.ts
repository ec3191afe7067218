import { InputError } from '../../src/basics/input-error.js';
import { CAPABILITIES, checkCapability } from '../../src/deploy/capabilities.js';
import { OPERATION_NAMES } from '../../src/platform/platform-settings.js';

const named = (name: string) => {
  const capability = CAPABILITIES.find((one) => one.name === name);
  if (capability === undefined) throw new Error(`no capability ${name}`);
  return capability;
};

describe('the capabilities', () => {
  it('are deploy, job, preview, data and runner, each running its default operation', () => {
    expect(CAPABILITIES.map((one) => one.name)).toEqual(['deploy', 'job', 'preview', 'data', 'runner']);
    for (const capability of CAPABILITIES) {
      expect(capability.operations).toContain(capability.defaultOperation);
      expect(new Set(capability.operations).size).toBe(capability.operations.length);
      expect(capability.description).not.toMatch(/\n/);
    }
  });

  it('run every operation but request (the root action alone sends any request) in one capability at least', () => {
    const run = new Set(CAPABILITIES.flatMap((one) => one.operations));
    expect(OPERATION_NAMES.filter((operation) => !run.has(operation))).toEqual(['request']);
  });

  it('share only the reads every GPU user needs: the resources and the bills', () => {
    const counts = new Map<string, number>();
    for (const operation of CAPABILITIES.flatMap((one) => one.operations))
      counts.set(operation, (counts.get(operation) ?? 0) + 1);
    const shared = [...counts].filter(([, count]) => count > 1).map(([operation]) => operation);
    expect(shared.sort()).toEqual(['billing', 'search_resources', 'task_billing']);
  });

  it('put the jobs, the previews and the storage in their own', () => {
    expect(named('job').operations.filter((operation) => operation.startsWith('job'))).toHaveLength(6);
    expect(named('preview').operations).toEqual(['preview', 'preview_sweep']);
    expect(named('data').operations).toEqual(
      expect.arrayContaining(['volume', 'volume_delete', 'transfer', 'transfer_stop', 'storage_check'])
    );
    expect(named('deploy').operations).toEqual(
      expect.arrayContaining(['create', 'replace', 'update', 'scale', 'sweep', 'replace_node', 'preheat'])
    );
  });
});

describe('checkCapability', () => {
  it('lets the root action (no capability) run every operation', () => {
    for (const operation of OPERATION_NAMES)
      expect(() => {
        checkCapability('', operation);
      }).not.toThrow();
  });

  it("lets a capability's action run its own operations", () => {
    for (const capability of CAPABILITIES)
      for (const operation of capability.operations)
        expect(() => {
          checkCapability(capability.name, ` ${operation}\n`);
        }).not.toThrow();
  });

  it('refuses another operation in one line naming the input, the value, the operations and the fix', () => {
    expect(() => {
      checkCapability('job', 'create');
    }).toThrow(
      new InputError(
        'operation "create" is not one of the job action\'s operations (job, job_detail, job_search, job_stop, job_group_search, job_group_detail, search_resources, billing, task_billing): set operation to one of them, or use the deploy action (this repository\'s deploy/) or the root action, which runs every operation'
      )
    );
    expect(() => {
      checkCapability('data', 'request');
    }).toThrow(
      /^operation "request" is not one of the data action's operations \(volume, .*\): set operation to one of them, or use the root action, which runs every operation$/
    );
  });

  it('names no action for an operation there is none of', () => {
    expect(() => {
      checkCapability('preview', 'deploy');
    }).toThrow(
      new InputError(
        'operation "deploy" is not one of the preview action\'s operations (preview, preview_sweep): set operation to one of them'
      )
    );
  });

  it('refuses a capability no action declares', () => {
    expect(() => {
      checkCapability('gpu', 'job');
    }).toThrow(
      new InputError(
        'capability "gpu" is not one of deploy, job, preview, data, runner: it is set by the capability actions, leave it unset'
      )
    );
  });
});

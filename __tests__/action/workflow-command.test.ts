// The runner's host writes its workflow commands itself (src/action/workflow-command.ts), no longer
// through @actions/core. These tests hold it to core's own output, byte for byte, for any text: core is a
// devDependency for this, and never bundled.
import * as core from '@actions/core';
import fc from 'fast-check';
import { EOL } from 'node:os';
import { githubHost } from '../../src/action/github-host.js';
import { workflowCommand } from '../../src/action/workflow-command.js';

/** What `write` printed to stdout, with process.exitCode as it left it (restored after). */
function printed(write: () => void): { text: string; exitCode: typeof process.exitCode } {
  const chunks: string[] = [];
  const original = process.stdout.write.bind(process.stdout);
  const exitCode = process.exitCode;
  process.stdout.write = (chunk: string | Uint8Array): boolean => {
    chunks.push(String(chunk));
    return true;
  };
  try {
    write();
    return { text: chunks.join(''), exitCode: process.exitCode };
  } finally {
    process.stdout.write = original;
    process.exitCode = exitCode;
  }
}

// Text the escaping must get right: the characters it escapes, the ones it must leave, and anything.
const text = fc.oneof(
  fc.string({ unit: fc.constantFrom('%', '\r', '\n', ':', ',', '=', 'a', ' ', '::', '%0A', '\u00e9') }),
  fc.string({ unit: 'grapheme' }),
  fc.string()
);
const nonEmpty = text.filter((value) => value !== '');

describe('the runner host writes workflow commands as @actions/core writes them', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('masks, logs, warns, groups and fails with the same bytes, for any text', () => {
    fc.assert(
      fc.property(text, nonEmpty, (line, title) => {
        const host = githubHost();
        const ours = printed(() => {
          host.setSecrets([line]);
          host.info(line);
          host.warning(line);
          host.error(line, title);
          host.startGroup(line);
          host.endGroup();
          host.setFailed(line);
        });
        const theirs = printed(() => {
          core.setSecret(line);
          core.info(line);
          core.warning(line);
          core.error(line, { title });
          core.startGroup(line);
          core.endGroup();
          core.setFailed(line);
        });
        expect(ours).toEqual(theirs);
      })
    );
  });

  it('masks many secrets in one write that holds each ::add-mask:: line core would write', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 40 }), (secrets) => {
        const chunks: string[] = [];
        const original = process.stdout.write.bind(process.stdout);
        process.stdout.write = (chunk: string | Uint8Array): boolean => {
          chunks.push(String(chunk));
          return true;
        };
        try {
          githubHost().setSecrets(secrets);
        } finally {
          process.stdout.write = original;
        }
        expect(chunks).toHaveLength(secrets.length === 0 ? 0 : 1);
        expect(chunks.join('')).toBe(
          secrets
            .map(
              (secret) =>
                printed(() => {
                  core.setSecret(secret);
                }).text
            )
            .join('')
        );
      })
    );
  });

  it('writes debug lines as core does, when the runner keeps them', () => {
    process.env.RUNNER_DEBUG = '1';
    fc.assert(
      fc.property(text, (line) => {
        expect(core.isDebug()).toBe(true);
        expect(printed(() => githubHost().debug?.(line))).toEqual(
          printed(() => {
            core.debug(line);
          })
        );
      })
    );
  });

  it('reads inputs and saved state as core does: INPUT_ in capitals with spaces as _, trimmed; STATE_ as named', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z][a-z_ ]{0,20}$/),
        fc.option(text, { nil: undefined }),
        (name, value) => {
          const input = `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
          if (value === undefined) Reflect.deleteProperty(process.env, input);
          else process.env[input] = value;
          if (value === undefined) Reflect.deleteProperty(process.env, `STATE_${name}`);
          else process.env[`STATE_${name}`] = value;
          const host = githubHost();
          expect(host.input(name)).toBe(core.getInput(name));
          expect(host.state(name)).toBe(core.getState(name));
        }
      )
    );
  });

  it('writes outputs and state as ::set-output:: and ::save-state:: lines on a runner without their files', () => {
    delete process.env.GITHUB_OUTPUT;
    delete process.env.GITHUB_STATE;
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z_]{1,12}$/), text, (name, value) => {
        // core starts each ::set-output:: on a line of its own with an empty line first; ours always
        // follow a whole line.
        expect(
          printed(() => {
            githubHost().setOutputs({ [name]: value });
          }).text
        ).toBe(
          printed(() => {
            core.setOutput(name, value);
          }).text.replace(/^\r?\n/, '')
        );
        expect(
          printed(() => {
            githubHost().saveState({ [name]: value });
          })
        ).toEqual(
          printed(() => {
            core.saveState(name, value);
          })
        );
      })
    );
  });

  it('leaves out a property without a value, where core writes `::error ::`, which the runner reads alike', () => {
    expect(workflowCommand('error', 'no title', { title: undefined })).toBe(`::error::no title${EOL}`);
    expect(workflowCommand('error', 'a: b,c', { title: 'T: 1,2%' })).toBe(
      `::error title=T%3A 1%2C2%25::a: b,c${EOL}`
    );
  });
});

// What the summary and the outputs say of volumes and transfers, whatever the platform left out.
import { outputsOf } from '../../src/action/outputs.js';
import { renderSummary } from '../../src/action/summary.js';
import { reportEntry, type StepResult } from '../../src/deploy/engine/calls/step-result.js';
import { stepResult } from '../helpers/step-result.js';
import { transferRead, volumeRead } from '../helpers/storage-data.js';

const GIB = 1024 ** 3;

const step = (fields: Partial<StepResult>): StepResult => stepResult({ operation: 'volume_list', ...fields });

describe('the summary of volumes and transfers', () => {
  it('says unknown where the list left a size out, and escapes a price that is no decimal', () => {
    const text = renderSummary(
      step({
        parts: [
          reportEntry('volume', {
            listed: {
              volumes: [
                volumeRead({ displayUnitPrice: '<b>1</b>' }),
                volumeRead({
                  id: '1002',
                  status: 'Active',
                  totalBytes: GIB,
                  usedBytes: 0,
                  displayUnitPrice: '0.36'
                })
              ],
              summary: {
                count: undefined,
                totalBytes: undefined,
                usedBytes: undefined,
                meanUnitPrice: undefined,
                perTenMinutes: undefined
              }
            }
          })
        ]
      }),
      { passed: true }
    );
    expect(text).toContain(
      '| 1001 | data | ? | ? | ? | unknown | unknown | &#60;b&#62;1&#60;/b&#62; | 0 task(s) |'
    );
    expect(text).toContain('| 1002 | data | ? | ? | Active | 1 GiB | 0 GiB | 0.36 | 0 task(s) |');
    expect(text).toContain(
      '? volume(s) counted (Creating, Active, Expanding), unknown in all, unknown used; estimated cost ? points per 10 minutes'
    );
    expect(
      renderSummary(
        step({ parts: [reportEntry('volume', { listed: { volumes: [], summary: undefined } })] }),
        {
          passed: true
        }
      )
    ).not.toContain('counted');
  });

  it('lists transfers: counting, done, failed, of no known direction; a followed one with its time and rate', () => {
    const list = renderSummary(
      step({
        parts: [
          reportEntry('transfer', {
            listed: [
              transferRead({
                status: 'Running',
                direction: 1,
                ready_files: 0,
                total_files: 0,
                transferred_bytes: 0,
                total_bytes: 0
              }),
              transferRead({
                id: 502,
                status: 'Error',
                direction: 2,
                ready_files: 1,
                total_files: 2,
                transferred_bytes: GIB,
                total_bytes: 2 * GIB,
                error_code: 'S410',
                error_message: 'denied'
              }),
              transferRead({ id: 503 })
            ]
          })
        ]
      }),
      { passed: true }
    );
    expect(list).toContain('| 501 | to the volume | Running | 0 (counting) | 0.00 GiB |  |');
    expect(list).toContain(
      '| 502 | to object storage | Error | 1 of 2 | 1.00 GiB of 2.00 GiB | S410 denied |'
    );
    expect(list).toContain('| 503 | ? | ? | 0 (counting) | 0 GiB |  |');
    const followed = step({
      operation: 'transfer',
      parts: [
        reportEntry('transfer', {
          one: {
            transfer: transferRead({
              status: 'Completed',
              ready_files: 2,
              total_files: 2,
              transferred_bytes: 2 * GIB,
              total_bytes: 2 * GIB
            }),
            elapsedMs: 0,
            retries: 1
          }
        })
      ]
    });
    expect(renderSummary(followed, { passed: true })).toContain(
      'Copied in 0s (– on average), after 1 retries;'
    );
    expect(outputsOf(followed)).toMatchObject({
      transfer_id: '501',
      files: '2',
      bytes: String(2 * GIB),
      rate: '',
      duration: '0',
      status: 'Completed'
    });
    const read = step({
      operation: 'transfer_detail',
      parts: [
        reportEntry('transfer', { one: { transfer: transferRead({}), elapsedMs: undefined, retries: 0 } })
      ]
    });
    expect(outputsOf(read)).toMatchObject({
      transfer_id: '501',
      files: '',
      bytes: '',
      rate: '',
      duration: '',
      status: ''
    });
  });
});

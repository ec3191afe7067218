// What the emulator's --record file keeps of a request (issue 60, point 14): no credential of any body the
// reference documents, and everything else as it came.
import { redactedRecord, redactedText } from '../../emulator/record-redaction.js';
import type { RecordedRequest } from '../../emulator/index.js';
import { reference } from '../helpers/reference.js';

describe("the record file's redaction", () => {
  it.each([
    ['s3-create', ['s3_access_key', 's3_secret_key']],
    ['s3-retry', ['s3_access_key', 's3_secret_key']],
    ['storage-s3-check', ['ak', 'sk']]
  ])("redacts the credentials of the reference's %s example, and keeps its other fields", (name, keys) => {
    const example = reference(name).example_request as Record<string, unknown>;
    const redacted = JSON.parse(redactedText(JSON.stringify(example))) as Record<string, unknown>;
    expect(redacted).toEqual({ ...example, ...Object.fromEntries(keys.map((key) => [key, '<redacted>'])) });
  });

  it("redacts a service's env in both forms, registry credentials, and nothing in a text that is no JSON", () => {
    const body = {
      task_id: 12345678901234567890n.toString(),
      repository_username: 'bot',
      repository_password: 'pw-1',
      services: [
        { env: 'API_KEY=abc\nMODE=prod', repository_account: { repository_password: 'pw-2' } },
        { env: [{ name: 'HF_TOKEN', value: 'hf-1', value_from: null }] }
      ]
    };
    expect(JSON.parse(redactedText(JSON.stringify(body)))).toEqual({
      task_id: body.task_id,
      repository_username: '<redacted>',
      repository_password: '<redacted>',
      services: [
        { env: '<redacted>', repository_account: { repository_password: '<redacted>' } },
        { env: [{ name: 'HF_TOKEN', value: '<redacted>', value_from: null }] }
      ]
    });
    // An id beyond 2^53 is written back exactly; a text with nothing to redact, as it came.
    expect(redactedText('{"task_id":12345678901234567890,"env":"A=1"}')).toBe(
      '{"task_id":12345678901234567890,"env":"<redacted>"}'
    );
    const plain = '{ "task_id" : 1 }';
    expect(redactedText(plain)).toBe(plain);
    expect(redactedText('aGVsbG8=')).toBe('aGVsbG8=');
  });

  it("redacts a request's signature, and leaves the rest of its record", () => {
    const record: RecordedRequest = {
      id: 1,
      receivedAt: 0,
      method: 'POST',
      target: '/api/deployment/task/stop',
      path: '/api/deployment/task/stop',
      headers: { sign_str: 'c2lnbmF0dXJl', timestamp: '1' },
      body: '{"task_id":1}',
      applied: true,
      answer: '{"code":"0000","message":"success","data":null}'
    };
    expect(redactedRecord(record)).toEqual({
      ...record,
      headers: { sign_str: '<redacted>', timestamp: '1' }
    });
  });
});

// The emulator's volume SFTP sessions (suanli-nas-storage/api/sftp-obtain.md, sftp-destroy.md) and volume
// rename (nas-rename.md): one session per volume, Pending then Running, expiring, destroyed; what the SFTP
// server asks of it; the routes' strictness.
import { SftpSessionStore } from '../../emulator/sftp-sessions.js';
import { VolumeStore } from '../../emulator/volumes.js';
import { startTestEmulator, type TestClient } from '../helpers/platform-client.js';
import { parseJson } from '../../emulator/json.js';
import type { Emulator } from '../../emulator/index.js';

function sessions() {
  let now = 1_763_715_600_000;
  let n = 0;
  const store = new SftpSessionStore(
    () => now,
    {},
    (bytes) => `secret${bytes}-${++n}`
  );
  const ended: number[] = [];
  store.onEnded((id) => ended.push(id));
  return { store, ended, advance: (ms: number) => (now += ms) };
}

describe("the emulator's SFTP sessions", () => {
  it('is Pending for pendingMs, then Running with fresh credentials, one per volume, whoever asks', () => {
    const s = sessions();
    expect(s.store.obtain(1001)).toMatchObject({
      status: 'Pending',
      username: null,
      password: null,
      expire_at: null
    });
    s.advance(1_500);
    const running = s.store.obtain(1001);
    expect(running).toMatchObject({ status: 'Running', sftp_url: '127.0.0.1:2222', error_code: null });
    expect(s.store.obtain(1001)).toEqual(running);
    const { username, password } = running as { username: string; password: string };
    expect(s.store.storageIdOf(username, password)).toBe(1001);
    expect(s.store.storageIdOf(username, 'wrong')).toBeUndefined();
    expect(s.store.obtain(1002)).toMatchObject({ status: 'Pending' });
  });

  it('ends a session at its expiry (new credentials next), and on destroy, saying so to the server', () => {
    const s = sessions();
    s.store.obtain(1001);
    s.advance(1_500);
    const first = s.store.obtain(1001) as { username: string; password: string };
    s.advance(3_600_000);
    expect(s.store.storageIdOf(first.username, first.password)).toBeUndefined();
    expect(s.ended).toEqual([1001]);
    expect(s.store.obtain(1001)).toMatchObject({ status: 'Pending' });
    s.advance(1_500);
    const second = s.store.obtain(1001) as { password: string };
    expect(second.password).not.toBe(first.password);
    expect(s.store.destroy(1001)).toBeNull();
    expect(s.ended).toEqual([1001, 1001]);
    expect(s.store.statusOf(1001)).toBeUndefined();
    s.store.obtain(1001);
    s.advance(1_500);
    s.store.obtain(1001);
    s.store.expireNow(1001);
    expect(s.ended).toEqual([1001, 1001, 1001]);
  });

  it('stays Pending for ever, or ends in Exception, as the knobs say', () => {
    const s = sessions();
    s.store.settings = { ...s.store.settings, pendingMs: Infinity };
    s.store.obtain(1001);
    s.advance(86_400_000);
    expect(s.store.obtain(1001)).toMatchObject({ status: 'Pending' });
    s.store.settings = { ...s.store.settings, pendingMs: 0 };
    s.store.failNext(1, { error_code: 'E1', error_message: 'full' });
    expect(s.store.obtain(1002)).toMatchObject({
      status: 'Exception',
      error_code: 'E1',
      error_message: 'full',
      password: null
    });
    expect(s.store.obtain(1003)).toMatchObject({ status: 'Running' });
  });
});

describe("the emulator's volume rename", () => {
  it('renames to 1 to 32 characters once trimmed, answering the status; refuses any other name', () => {
    let now = 0;
    const volumes = new VolumeStore(() => now, { settleMs: () => 5000 });
    const { storage_id: id } = volumes.create('data', 10, 1024 ** 3) as { storage_id: number };
    now += 5000;
    expect(volumes.rename(id, '  renamed  ')).toEqual({ storage_id: id, status: 'Active', message: null });
    expect(volumes.list({ ids: [id] })[0]).toMatchObject({ name: 'renamed' });
    expect(() => volumes.rename(id, '   ')).toThrow('1 to 32 characters');
    expect(() => volumes.rename(id, 'x'.repeat(33))).toThrow('1 to 32 characters');
    expect(() => volumes.rename(id + 1, 'other')).toThrow('does not exist');
  });
});

describe('the SFTP routes', () => {
  let emulator: Emulator;
  let client: TestClient;
  let advance: (seconds: number) => void;
  beforeAll(async () => {
    const started = await startTestEmulator({ strict: true, readyAfterSeconds: 5 });
    ({ emulator, client } = started);
    advance = (seconds) => {
      started.clock.advance(seconds);
    };
  });
  afterAll(() => emulator.stop());

  const post = async (path: string, json: unknown) => {
    advance(0.001);
    const response = await client.call({ method: 'POST', target: path, json });
    return parseJson(response.text) as { code: string; data: unknown };
  };

  it.each([
    ['no storage_id', {}],
    ['storage_id 0', { storage_id: 0 }],
    ['a negative storage_id', { storage_id: -3 }],
    ['a storage_id that is text', { storage_id: '1001' }],
    ['a storage_id of no volume', { storage_id: 987654 }]
  ])('refuses %s, for obtain and destroy alike', async (_what, body) => {
    for (const path of ['/api/storage/nas/v1/sftp/obtain', '/api/storage/nas/v1/sftp/destroy'])
      expect(await post(path, body)).toMatchObject({
        code: expect.not.stringMatching(/^0000$/) as unknown,
        data: null
      });
  });

  it('refuses a volume that is not Active yet', async () => {
    const made = (await post('/api/storage/nas/v1/create', {
      name: 'sftp-routes',
      nas_config_id: 10,
      total_size: 1024 ** 3
    })) as {
      data: { storage_id: number };
    };
    const refused = await post('/api/storage/nas/v1/sftp/obtain', { storage_id: made.data.storage_id });
    expect(refused).toMatchObject({ code: expect.not.stringMatching(/^0000$/) as unknown, data: null });
    advance(6);
    expect(await post('/api/storage/nas/v1/sftp/obtain', { storage_id: made.data.storage_id })).toMatchObject(
      {
        code: '0000',
        data: { status: 'Pending' }
      }
    );
  });
});

// The reader of a volume's SFTP session (sftp/obtain's answer): pure, table-driven; it fails closed,
// naming the field, on a Running answer nothing could connect with.
import { SftpAnswerError, sftpSessionOf } from '../../src/platform/sftp-session-data.js';

const RUNNING = {
  id: 7,
  status: 'Running',
  username: 'sftp-1001-a',
  password: 'pw-0123456789',
  sftp_url: 'sftp.example.com:2222',
  web_url: 'sftp.example.com:80',
  webdav_url: 'sftp.example.com:81',
  expire_at: '2026-07-09 12:00:00',
  error_code: null,
  error_message: null
};

describe('sftpSessionOf', () => {
  it('reads a Running session: credentials, host and port from sftp_url, expire_at (+08:00) as ms', () => {
    expect(sftpSessionOf(RUNNING)).toEqual({
      id: '7',
      status: 'Running',
      credentials: {
        username: 'sftp-1001-a',
        password: 'pw-0123456789',
        host: 'sftp.example.com',
        port: 2222
      },
      expiresAt: Date.parse('2026-07-09T04:00:00Z'),
      errorCode: undefined,
      errorMessage: undefined
    });
  });

  it.each([
    ['an IPv4 address', '127.0.0.1:22', { host: '127.0.0.1', port: 22 }],
    ['an IPv6 address in brackets', '[::1]:2222', { host: '::1', port: 2222 }],
    ['the highest port', 'h:65535', { host: 'h', port: 65535 }]
  ])('reads sftp_url of %s', (_what, sftp_url, address) => {
    expect(sftpSessionOf({ ...RUNNING, sftp_url }).credentials).toMatchObject(address);
  });

  it.each([
    ['Pending', { id: 8, status: 'Pending' }],
    [
      'Pending, every optional field null',
      { ...RUNNING, status: 'Pending', username: null, password: null, sftp_url: null, expire_at: null }
    ],
    ['Exception', { id: 9, status: 'Exception', error_code: 'E42', error_message: 'quota' }],
    ['a status the reference does not list', { id: 10, status: 'Opening', sftp_url: 'no address' }]
  ])('tolerates the optional fields absent or null when not Running: %s', (_what, data) => {
    const session = sftpSessionOf(data);
    expect(session.credentials).toBeUndefined();
    expect(session.expiresAt).toBeUndefined();
    expect(session.status).toBe(data.status);
  });

  it("keeps the error of an Exception as the platform wrote it (its sanitizing is the printer's)", () => {
    expect(
      sftpSessionOf({ id: 9, status: 'Exception', error_code: 'E42', error_message: 'no\nroom' })
    ).toMatchObject({
      errorCode: 'E42',
      errorMessage: 'no\nroom'
    });
  });

  it('reads an expire_at that is no time as no expiry, and an answer that is no object as no session', () => {
    expect(sftpSessionOf({ ...RUNNING, expire_at: 'tomorrow' }).expiresAt).toBeUndefined();
    expect(sftpSessionOf(null)).toEqual({
      id: undefined,
      status: undefined,
      credentials: undefined,
      expiresAt: undefined,
      errorCode: undefined,
      errorMessage: undefined
    });
  });

  it.each([
    ['username', { username: null }],
    ['username', { username: '' }],
    ['password', { password: undefined }],
    ['password', { password: 12345678 }],
    ['sftp_url', { sftp_url: null }],
    ['sftp_url', { sftp_url: 'sftp.example.com' }],
    ['sftp_url', { sftp_url: 'sftp.example.com:0' }],
    ['sftp_url', { sftp_url: 'sftp.example.com:65536' }],
    ['sftp_url', { sftp_url: 'sftp://sftp.example.com:22' }],
    ['sftp_url', { sftp_url: 'host:22\n::error::x' }],
    ['sftp_url', { sftp_url: ' host:22' }]
  ])('fails closed on a Running answer whose %s is no use: %j', (field, change) => {
    const read = () => sftpSessionOf({ ...RUNNING, ...change });
    expect(read).toThrow(SftpAnswerError);
    try {
      read();
    } catch (error) {
      expect((error as SftpAnswerError).field).toBe(field);
      expect((error as Error).message).toContain(field);
      // Never the password, whatever field failed.
      expect((error as Error).message).not.toContain(RUNNING.password);
      expect((error as Error).message).not.toMatch(/\n/);
    }
  });
});

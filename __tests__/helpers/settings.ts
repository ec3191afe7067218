import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readSettings, type Settings } from '../../src/deploy/settings.js';
import { fixtureKey } from './fixtures.js';

export const RSA_CREDENTIALS: Settings['credentials'] = {
  mode: 'rsa',
  token: 'tok',
  privateKey: createPrivateKey(fixtureKey('client-private-pkcs8.pem')),
  platformPublicKey: createPublicKey(fixtureKey('platform-public.pem'))
};

/** The services a create's body needs in the live profile, as the platform's reference requires them. */
export const SERVICE_BODY = {
  services: [{ service_name: 'web', service_image: 'nginx:1.27', remote_ports: [{ service_port: 80 }] }]
};

/** The moment test settings are read at: where a billing window ending `now` ends. */
export const SETTINGS_TIME = Date.parse('2026-11-24T09:00:00Z');

/** Settings as the defaults make them (RSA mode with the fixture keys), changed where a test says. */
export function testSettings(overrides: Partial<Settings> = {}): Settings {
  const defaults = readSettings(
    (name) => ({ operation: 'detail', token: 'tok' })[name] ?? '',
    () => undefined,
    () => undefined,
    undefined,
    () => SETTINGS_TIME
  );
  return {
    ...defaults,
    credentials: RSA_CREDENTIALS,
    baseUrl: 'https://openapi.example',
    apiProfile: 'spec',
    apiProfileReason: 'api_profile is auto and openapi.example is not a production host',
    ...overrides
  };
}

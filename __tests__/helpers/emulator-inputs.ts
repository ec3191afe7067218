import { readFileSync } from 'node:fs';
import type { Emulator } from '../../emulator/index.js';

/** The inputs that point the action at an emulator with its RSA-mode key. */
export function rsaInputs(emulator: Emulator): Record<string, string> {
  return {
    base_url: emulator.base_url,
    token: emulator.rsa.token,
    private_key: readFileSync(emulator.rsa.private_key_file, 'utf8'),
    platform_public_key: readFileSync(emulator.rsa.platform_public_key_file, 'utf8')
  };
}

/** The inputs that point the action at an emulator with its token-mode key. */
export function tokenInputs(emulator: Emulator): Record<string, string> {
  return { base_url: emulator.base_url, token: emulator.token_mode.token };
}

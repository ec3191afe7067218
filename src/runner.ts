import * as core from '@actions/core';
import { ApiClient } from './client.js';
import { readSettings, type Settings } from './settings.js';
import { USER_AGENT } from './version.js';

const REQUEST_TIMEOUT_MS = 30_000;

/** The inputs as the runner gives them, with the DEPLOY_API_* variables as fallbacks. */
export function settingsFromRunner(): Settings {
  return readSettings(
    (name) => core.getInput(name),
    core.setSecret,
    (name) => process.env[name]
  );
}

/** The one HTTPS client of a step. */
export function newClient(): ApiClient {
  return new ApiClient({ userAgent: USER_AGENT, timeoutMs: REQUEST_TIMEOUT_MS });
}

// The mandated dependencies, then one bare HTTPS request: the floor for an action built on them that
// makes one request. Bundled as dist/ is (bundle/'s stand-ins), so that the action's own work is the rest.
import '@actions/core';
import '@actions/http-client';
import './bare-request.mjs';

// Preloaded (--import) into bench/bare-sftp.mjs for the yardstick of ssh2 as the action's bundle carries
// it: without its native crypto addon, which npm builds into node_modules but dist/ leaves out (no native
// part in the bundle: bundle/cpu-features.ts, scripts/build.js). ssh2 tries the addon and, refused, uses
// Node's crypto instead, as it does in the step.
import Module from 'node:module';

const load = Module._load;
Module._load = function loadWithoutAddon(request, ...rest) {
  if (request.endsWith('sshcrypto.node')) throw new Error('left out, as the bundle leaves it out');
  return load.call(this, request, ...rest);
};

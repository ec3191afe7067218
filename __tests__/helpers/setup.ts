// The setup of every test file. Tests read settings directly, past the action's runtime, which loads the YAML parser only when an
// input needs it (src/deploy/yaml.ts): here it is loaded for every test file. The tests of that lazy
// loading itself (yaml.test.ts) import their modules afresh.
import { loadYaml } from '../../src/deploy/yaml.js';
import { watchProfiles } from './profile-tally.js';

await loadYaml();
watchProfiles();

// What dist/ has in place of @actions/exec: src/tsconfig.json maps the name here, for ncc alone (tests
// and type checks see the real package).
//
// @actions/core imports @actions/exec for one thing: platform.getDetails() runs lsb_release, sw_vers or
// powershell to name the runner's OS. The action never calls it. Bundled, @actions/exec brings
// @actions/io and makes every step load child_process (and, through it, dgram and readline), about 2 ms
// of each step's start. __tests__/bundle.test.ts checks that this still holds whenever the
// dependencies change.
function leftOut(): never {
  throw new Error(
    "@actions/exec is left out of this action's bundle (see bundle/actions-exec.ts): core.platform.getDetails() is not available"
  );
}

export function exec(): Promise<number> {
  return leftOut();
}

export function getExecOutput(): Promise<never> {
  return leftOut();
}

import { parseMaxCost } from './parsers.js';
import { input } from './input.js';

/** The spending cap. */
export const COST_INPUTS = [
  input({
    name: 'max_cost',
    type: 'number',
    helpRank: 25,
    parse: (value, name) => parseMaxCost(name, value),
    description:
      "`create`, `replace`, `job`, and `detail`, `job_detail` or `recover` that wait: the most, in yuan (`5`, `12.50`), that what the step waits on may cost together while it waits, billed plus not billed yet (the detail's `billing_value` and `forecast_value`, 1,000,000 points a yuan), read at each poll with no request of its own. A warning, once, when the rate it is billed at (seen between two polls) would pass the cap before the wait ends; before it passes the cap (at the cap, or when at that rate the next poll would be past it), what it waits on is stopped (until its state shows it bills no more, whatever `cleanup` says) and the step fails, with the `capped` output `true` (exit code 5 for the CLI). Empty: no cap. `preview`: all of the pull request's previews together (at the cap, no new one is made and the one running is stopped); `preview_sweep`: stops the previews of a pull request whose cost together reached it."
  })
] as const;

// Money as the command-line tool shows it (issue 63, point 8), in this process against the emulator over
// real HTTPS: a person reads yuan to the fen (the outputs table, a listing's table, the max_cost
// projection as a warning line), and the JSON and the dotenv report keep the exact figure, a number.
import { type Emulator } from '../../emulator/index.js';
import { sumPoints, yuanOf } from '../../src/platform/money.js';
import { parseJsonAsWritten } from '../../src/protocol/json.js';
import { runCliIn, tokenEnvironment } from '../helpers/cli-run.js';
import { startStrictEmulator } from '../helpers/platform-client.js';

const SERVICE =
  '{services: [{service_name: web, service_image: "nginx:1", remote_ports: [{service_port: 80}]}]}';

describe('money in the command-line tool', () => {
  let emulator: Emulator;
  beforeEach(async () => {
    emulator = await startStrictEmulator();
  });
  afterEach(() => emulator.stop());

  /** Runs the CLI with the emulator's token-mode key; stdout a terminal when `table`. */
  const cli = (argv: string[], table = false) =>
    runCliIn(argv, tokenEnvironment(emulator), { stdoutIsTerminal: table });

  /** A task of `name`, Running at 36 yuan a node-hour; what it has cost, in points, as its detail says. */
  function taskOf(name: string, points: number): { id: string; cost: () => string } {
    emulator.tasks.setPrice(36);
    const id = emulator.tasks.add({ task_name: name, points, status: 'Running' });
    const cost = () => {
      const task = emulator.tasks.get(id) as { billing_value?: number; forecast_value?: number };
      return sumPoints([String(task.billing_value ?? 0), String(task.forecast_value ?? 0)]) ?? '?';
    };
    return { id, cost };
  }

  // Regression (issue 63, point 8): the outputs table showed `cost 0.002625`, with no unit.
  it('shows cost in the outputs table as yuan to the fen, and keeps the exact figure, a number, in the JSON and the dotenv report', async () => {
    const { id } = taskOf('money-one', 1);
    const table = await cli(['detail', '--task-id', id], true);
    expect(table.code).toBe(0);
    const costRow = table.stdout.split('\n').find((line) => line.startsWith('cost '));
    expect(costRow).toMatch(/^cost +(less than 0\.01|\d+\.\d\d) yuan$/);
    const json = await cli(['detail', '--task-id', id, '--output', 'json']);
    const outputs = parseJsonAsWritten(json.stdout) as Record<string, unknown>;
    // A number, written as the exact decimal (six places: a point is 0.000001 yuan).
    expect(typeof outputs.cost).toBe('object');
    expect(String(outputs.cost)).toMatch(/^\d+\.\d+$/);
    expect(json.stdout).toMatch(/"cost": \d+\.\d+,?\n/);
    const dotenv = await cli(['detail', '--task-id', id, '--output', 'dotenv']);
    expect(dotenv.stdout).toMatch(/^ELASTIC_DEPLOY_OUTPUT_COST=\d+\.\d{6}$/m);
  });

  it("gives several tasks' cost as an object of numbers in the JSON, and each to the fen in the table", async () => {
    const one = taskOf('money-a', 1);
    const two = taskOf('money-b', 2);
    const json = await cli(['detail', '--task-id', `${one.id}, ${two.id}`, '--output', 'json']);
    expect(json.code).toBe(0);
    const cost = (parseJsonAsWritten(json.stdout) as { cost: Record<string, unknown> }).cost;
    expect(Object.keys(cost)).toEqual([one.id, two.id]);
    for (const figure of Object.values(cost)) expect(String(figure)).toMatch(/^\d+\.\d+$/);
    expect(json.stdout).not.toMatch(/"cost": "/);
    const table = await cli(['detail', '--task-id', `${one.id}, ${two.id}`], true);
    expect(table.stdout).toMatch(
      new RegExp(
        `^cost +${one.id}: (less than 0\\.01|\\d+\\.\\d\\d) yuan, ${two.id}: (less than 0\\.01|\\d+\\.\\d\\d) yuan$`,
        'm'
      )
    );
  });

  // Regression (issue 63, point 8): a listing's JSON held its cost as a string ("cost": "0.001650").
  it("gives a listing's cost as a number in its JSON rows, and to the fen in its table", async () => {
    const { id, cost } = taskOf('money-list', 1);
    const json = await cli(['search-tasks', '--task-status', 'Running', '--output', 'json']);
    expect(json.code).toBe(0);
    const rows = (parseJsonAsWritten(json.stdout) as { rows: Record<string, unknown>[] }).rows;
    const row = rows.find((r) => r.task_id === id);
    expect(typeof row?.cost).toBe('object');
    // The exact figure, as the detail's billing_value + forecast_value say it (the search read first).
    expect(Number(String(row?.cost))).toBeLessThanOrEqual(Number(yuanOf(cost())));
    expect(json.stdout).not.toMatch(/"cost": "/);
    const table = await cli(['search-tasks', '--task-status', 'Running'], true);
    expect(table.stdout).toMatch(
      new RegExp(`^${id} +money-list +Running +\\S+ +(less than 0\\.01|\\d+\\.\\d\\d) yuan`, 'm')
    );
  });

  // Regression (issue 63, point 8): the projection was a plain line; the CLI's warnings are `warning:` lines.
  it('says that the cost would pass --max-cost before the wait ends in a warning line, as its other warnings', async () => {
    // A node that bills while it is Pending: 4090, 1.88 yuan an hour, 0.05 yuan passed after about 96 s;
    // ready after 8 s, well before then.
    emulator.tasks.setBillPending(true);
    emulator.tasks.setReadyAfter(8);
    const run = await cli([
      'create',
      '--gpu',
      '4090',
      '--task-name',
      'money-cap',
      '--body',
      SERVICE,
      '--max-cost',
      '0.05',
      '--poll-interval',
      '1s',
      '--wait-timeout',
      '10m'
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /^warning: cost: (less than 0\.01|0\.0\d) yuan so far, growing by \d+\.\d\d yuan an hour \(as seen between the last two reads\), would pass --max-cost 0\.05 yuan in about .*, before the wait ends: the step stops it before it does$/m
    );
    expect(run.stderr).not.toMatch(/^cost: .*before the wait ends/m);
  });
});

import { sanitize } from '../../../basics/safe-text.js';
import { compareDecimals, sumPoints } from '../../../platform/money.js';
import type { TaskSnapshot } from '../../../platform/task-data.js';
import { HeldBackError } from '../../../platform/throttle.js';
import {
  besideCap,
  capAtMs,
  costPoints,
  costSince,
  heldBack,
  pastCap,
  saysCost,
  seeCost,
  startCap,
  type CapSeen,
  type CapWatch,
  type SpendingCap
} from './spending-cap.js';
import type { Poll } from './task-watch.js';

/** A task whose cost counts against the cap: its id and its last detail, as the guard sees it. */
export interface Counted {
  readonly id: string;
  readonly snapshot: TaskSnapshot | undefined;
}

/** What the guard takes of the wait it guards. */
export interface CapGuardDeps {
  /** Reads a task's detail, answered by `notAfter` (local time) or failing with a HeldBackError. */
  poll: (taskId: string, notAfter: number | undefined) => Promise<Poll>;
  snapshotOf: (data: unknown) => TaskSnapshot;
  /**
   * What the tasks cost from `fromMs` (local time) as the platform's billing records say (booked every five
   * minutes), in points; throws when they cannot be read. Absent: no records to fall back on.
   */
  billed?: (taskIds: readonly string[], notAfter: number | undefined, fromMs: number) => Promise<string>;
  log: (line: string) => void;
  /** The host's warning (an annotation on GitHub's runner, a `warning:` line in the CLI). */
  warn: (line: string) => void;
  now: () => number;
}

/** The round a guard looks at: the tasks waited on (all of them), and which were read, or held back. */
export interface CapRound {
  readonly waited: readonly (Counted & { readonly waiting: boolean })[];
  /** The waited tasks whose detail this round read. */
  readonly read: ReadonlySet<string>;
  /** Why a read of the round was held back past the moment it was needed (see HeldBackError). */
  readonly heldBack: string | undefined;
}

/**
 * max_cost over a wait: after each round, what the tasks it counts cost together (those waited on, and
 * `alongside`, read here, plus `spentBefore`) against the cap (see seeCost), its lines logged; the moment
 * the next reads are needed by (see capAtMs); and once reached, what was spent ("0.49 yuan of max_cost
 * 0.50 yuan"). A read held back past that moment reaches the cap (see heldBack). A detail that says no
 * cost is said at once, and the cap held to the billing records; when they cannot be read either, the cap
 * is reached: a cap that cannot be read fails closed, never silent.
 */
export class CapGuard {
  #watch: CapWatch;
  /** Each task's cost when first read, for tasks the step did not make: what the step spends starts there. */
  readonly #baselines = new Map<string, string>();
  readonly #alongside = new Map<string, TaskSnapshot | undefined>();
  #billsSaid = false;
  /** The billing records' first figure, for tasks that were there before (first_read): the step's starts there. */
  #billsBaseline: string | undefined;
  /**
   * The reading the step began with, not taken yet (`made`): what it makes cost nothing then, beside what
   * was spent before and what the tasks beside cost at their first read; the first reading gives a rate.
   */
  #seedPending: boolean;
  /** The tasks waited on, as the last round saw them. */
  #waited: readonly Counted[] = [];

  constructor(
    readonly cap: SpendingCap,
    private readonly timing: { startedAt: number; timeoutMs: number; intervalMs: number },
    private readonly deps: CapGuardDeps
  ) {
    for (const id of cap.alongside ?? []) this.#alongside.set(id, undefined);
    this.#seedPending = cap.from === 'made';
    this.#watch = startCap(cap.maxCost);
  }

  /**
   * The latest moment (local time) a read of this round may be answered by: when the cost, at the rate
   * seen, reaches the cap; while no rate is known, one poll interval from now (a read held back longer
   * could let the cost pass the cap unseen, at a rate nobody knows: it is not waited out either).
   */
  notAfter(): number {
    const at = capAtMs(this.#watch);
    return at === undefined ? this.deps.now() + this.timing.intervalMs : this.timing.startedAt + at;
  }

  /**
   * Reads the tasks that bill beside those waited on, by notAfter; says whether each was read, or why one
   * was held back.
   */
  async readAlongside(): Promise<{ complete: boolean; heldBack: string | undefined }> {
    const notAfter = this.notAfter();
    let complete = true;
    let held: string | undefined;
    for (const id of this.#alongside.keys()) {
      try {
        const poll = await this.deps.poll(id, notAfter);
        // A task gone (the platform deleted it once it ended) keeps what it was last seen to cost.
        if (poll.kind === 'task') this.#alongside.set(id, this.deps.snapshotOf(poll.data));
      } catch (error) {
        complete = false;
        if (error instanceof HeldBackError) held ??= error.why;
      }
    }
    return { complete, heldBack: held };
  }

  /**
   * After a round: the cap reached, and why, as the stopped tasks' message says it ("0.49 yuan of
   * max_cost 0.50 yuan spent while it waited"); or undefined.
   */
  async reached(round: CapRound, alongside: { complete: boolean }): Promise<string | undefined> {
    this.#waited = round.waited;
    const atMs = this.deps.now() - this.timing.startedAt;
    const ahead = { endMs: this.timing.timeoutMs, nextInMs: this.timing.intervalMs };
    if (round.heldBack !== undefined)
      return this.#said(
        heldBack(this.#watch, round.heldBack, atMs),
        ': the platform held back the next read past the cap'
      );
    const reading = await this.#reading(round, alongside);
    if (typeof reading === 'object') {
      this.deps.log(reading.unreadable);
      return `its cost could not be read (its detail says none, and the billing records could not be read), so max_cost ${this.cap.maxCost} yuan could not be held`;
    }
    return this.#said(seeCost(this.#watch, reading, atMs, ahead), '');
  }

  /** The lines of a look logged; when it reached the cap, what was spent, and `more`. */
  #said(seen: CapSeen, more: string): string | undefined {
    this.#watch = seen.watch;
    for (const line of seen.lines) this.deps.log(line);
    for (const line of seen.warnings) this.deps.warn(line);
    if (!seen.reached) return undefined;
    const spent = besideCap(this.#watch);
    return `${spent === undefined ? 'nothing read yet' : `${spent} spent while it waited`}${more}`;
  }

  /** "0.42 yuan of max_cost 5 yuan", for a line of progress; undefined before any reading. */
  spent(): string | undefined {
    return besideCap(this.#watch);
  }

  /** The tasks beside those waited on, as last read: those the cap stops with them. */
  alongside(): Counted[] {
    return [...this.#alongside].map(([id, snapshot]) => ({ id, snapshot }));
  }

  /**
   * What the counted tasks cost as the cap counts them, from their details read after the stop (by id; a
   * task not read again keeps its last): said when it passed the cap.
   */
  passed(after: ReadonlyMap<string, TaskSnapshot>): string | undefined {
    const all = [...this.#waited, ...this.alongside()].map((t) => after.get(t.id) ?? t.snapshot);
    const total = this.#total(all);
    return total === undefined ? undefined : pastCap(this.#watch, total);
  }

  /**
   * The cost this round read, in points; undefined when a task it counts was not read (the last reading
   * then stands, projected), unless what was read already reaches the cap. A detail, of a task waited on or
   * of one beside them, that says no cost sends the cap to the billing records.
   */
  async #reading(
    round: CapRound,
    alongside: { complete: boolean }
  ): Promise<string | { unreadable: string } | undefined> {
    const waited = round.waited;
    const beside = this.alongside();
    const noCost = (t: Counted): boolean => t.snapshot !== undefined && !saysCost(t.snapshot);
    const costless = [...waited.filter((t) => round.read.has(t.id) && noCost(t)), ...beside.filter(noCost)];
    if (costless.length > 0) {
      // Those that say their cost by their details; the others by the billing records.
      const billed = await this.#fromBills(costless, beside.some(noCost));
      if (typeof billed === 'object') return billed;
      const said = [...waited, ...beside].filter((t) => !costless.includes(t)).map((t) => t.snapshot);
      return sumPoints([this.#total(said) ?? this.cap.spentBefore ?? '0', billed]);
    }
    if (this.cap.from === 'first_read')
      for (const t of waited) {
        const cost = t.snapshot === undefined ? undefined : costPoints([t.snapshot]);
        if (cost !== undefined && !this.#baselines.has(t.id)) this.#baselines.set(t.id, cost);
      }
    const total = this.#total([...waited.map((t) => t.snapshot), ...beside.map((t) => t.snapshot)]);
    const complete = alongside.complete && waited.every((t) => !t.waiting || round.read.has(t.id));
    if (total !== undefined && complete) this.#seed(beside);
    if (total === undefined || complete) return total;
    return (compareDecimals(total, this.#watch.capPoints) ?? -1) >= 0 ? total : undefined;
  }

  /**
   * The reading the step began with (`made`), taken before its first: what was spent before and what the
   * tasks beside cost at their first read, the step's own tasks nothing; the first reading then gives a
   * rate (the tasks beside counted as if they had not grown since the step began: a rate a little low, which
   * the next reading sets right).
   */
  #seed(beside: readonly Counted[]): void {
    if (!this.#seedPending) return;
    this.#seedPending = false;
    const points = sumPoints([this.cap.spentBefore ?? '0', costPoints(beside.map((t) => t.snapshot)) ?? '0']);
    if (points !== undefined && this.#watch.last === undefined)
      this.#watch = { ...this.#watch, last: { atMs: 0, points } };
  }

  /** The tasks' cost beyond their baselines, plus what was spent before; undefined when none says one. */
  #total(snapshots: readonly (TaskSnapshot | undefined)[]): string | undefined {
    const since = costSince(snapshots, [...this.#baselines.values()]);
    if (since === undefined) return undefined;
    return this.cap.spentBefore === undefined ? since : sumPoints([since, this.cap.spentBefore]);
  }

  /**
   * What the tasks whose detail says no cost have cost, from the billing records: said once; a cap that
   * cannot be read that way either is reached (its line says why). The records are read from when the step
   * began, or, when a task beside those waited on says no cost (its whole cost counts), from
   * BESIDE_RECORDS_MS before; for tasks that were there before (first_read) the first figure is the
   * baseline. They lag the use by up to a booking period (5 minutes).
   */
  async #fromBills(
    costless: readonly Counted[],
    besideCostless: boolean
  ): Promise<string | { unreadable: string }> {
    const cap = `max_cost ${this.cap.maxCost} yuan`;
    if (!this.#billsSaid) {
      this.#billsSaid = true;
      this.deps.log(
        `cost: the detail of task ${costless.map((t) => t.id).join(', ')} says neither billing_value nor forecast_value: ${cap} is held to the platform's billing records from now on (booked every 5 minutes, so they lag the use by up to that)`
      );
    }
    const ids = costless.map((t) => t.id);
    const fromMs = this.timing.startedAt - (besideCostless ? BESIDE_RECORDS_MS : 0);
    try {
      if (this.deps.billed === undefined) throw new Error('no billing records are read here');
      const billed = await this.deps.billed(ids, this.notAfter(), fromMs);
      if (this.cap.from === 'first_read') this.#billsBaseline ??= billed;
      return sumPoints([billed, negated(this.#billsBaseline ?? '0')]) ?? billed;
    } catch (error) {
      const why = sanitize(error instanceof Error ? error.message : String(error), 300);
      return {
        unreadable: `cost: the billing records could not be read either (${why}): ${cap} cannot be held, so the step stops what it waits on`
      };
    }
  }
}

/** How far back the billing records are read for a task beside those waited on (its whole cost counts). */
export const BESIDE_RECORDS_MS = 30 * 86_400_000;

const negated = (points: string): string => (points.startsWith('-') ? points.slice(1) : `-${points}`);

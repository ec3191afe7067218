/**
 * The platform counts money in points: 1 yuan = 1,000,000 points (its reference, suanli-deployment
 * SKILL.md). Amounts are kept as the decimal text the platform wrote and added exactly, so a yuan figure
 * never drifts by a float's rounding.
 */
const YUAN_DIGITS = 6;

/** A decimal as an integer and a count of digits after the point. */
interface Decimal {
  units: bigint;
  scale: number;
}

const DECIMAL = /^-?\d+(?:\.\d+)?$/;

function decimal(text: string): Decimal | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const [whole, fraction = ''] = text.split('.');
  return { units: BigInt(`${whole}${fraction}`), scale: fraction.length };
}

function rescale(value: Decimal, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

/** Points as written by the platform ("6710400", "12.5"), summed exactly; undefined for anything else. */
export function sumPoints(amounts: readonly string[]): string | undefined {
  const values = amounts.map(decimal);
  if (values.some((value) => value === undefined)) return undefined;
  const parsed = values as Decimal[];
  const scale = Math.max(0, ...parsed.map((value) => value.scale));
  const total = parsed.reduce((sum, value) => sum + rescale(value, scale), 0n);
  return format({ units: total, scale });
}

/**
 * How two decimal numbers compare, exactly: negative when `a` is less, 0 when equal, positive when more.
 * Undefined when either is not decimal text.
 */
export function compareDecimals(a: string, b: string): number | undefined {
  const [x, y] = [decimal(a), decimal(b)];
  if (x === undefined || y === undefined) return undefined;
  const scale = Math.max(x.scale, y.scale);
  const difference = rescale(x, scale) - rescale(y, scale);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/**
 * Points as yuan, exact, with at least six decimals (one point is 0.000001 yuan): "6710400" gives
 * "6.710400", "550" gives "0.000550". Undefined when the text is not a decimal number.
 */
export function yuanOf(points: string): string | undefined {
  const value = decimal(points);
  if (value === undefined) return undefined;
  const scale = value.scale + YUAN_DIGITS;
  return format({ units: value.units, scale: Math.max(scale, YUAN_DIGITS) });
}

/** What a task has cost so far, in yuan: billed (billing_value) plus used and not billed yet (forecast_value). */
export function spentYuan(billed: string | undefined, unbilled: string | undefined): string | undefined {
  if (billed === undefined && unbilled === undefined) return undefined;
  const points = sumPoints([billed ?? '0', unbilled ?? '0']);
  return points === undefined ? undefined : yuanOf(points);
}

/** A fen, the smallest sum a person is shown: 0.01 yuan. */
const FEN_DIGITS = 2;

/**
 * Yuan as a person reads it, everywhere a person reads money (the log, progress lines, the job summary,
 * tables, the preview comment): to the fen, rounded half away from zero ("6.710400" gives "6.71 yuan"),
 * and any sum above nothing but under a fen "less than 0.01 yuan" (never rounded up to a fen, nor a bare
 * "0.00"). The exact figure stays in the outputs and the JSON. Undefined when the text is not a decimal
 * number.
 */
export function readableYuan(yuan: string): string | undefined {
  const value = decimal(yuan);
  if (value === undefined) return undefined;
  if (value.units !== 0n && underAFen(value))
    return value.units < 0n ? 'more than -0.01 yuan' : 'less than 0.01 yuan';
  const scaled = value.scale <= FEN_DIGITS ? rescale(value, FEN_DIGITS) : roundAway(value, FEN_DIGITS);
  return `${format({ units: scaled, scale: FEN_DIGITS })} yuan`;
}

/** Points (1,000,000 a yuan) as a person reads them (see readableYuan); text that is no number, as points. */
export function readablePoints(points: string): string {
  const yuan = yuanOf(points);
  return (yuan === undefined ? undefined : readableYuan(yuan)) ?? `${points} points`;
}

/** Whether the decimal, whatever its sign, is less than a fen. */
function underAFen(value: Decimal): boolean {
  const scale = Math.max(value.scale, FEN_DIGITS);
  const magnitude = value.units < 0n ? -value.units : value.units;
  return (
    rescale({ units: magnitude, scale: value.scale }, scale) <
    rescale({ units: 1n, scale: FEN_DIGITS }, scale)
  );
}

/** The decimal at `scale` digits (fewer than its own), rounded half away from zero. */
function roundAway(value: Decimal, scale: number): bigint {
  const divisor = 10n ** BigInt(value.scale - scale);
  const magnitude = value.units < 0n ? -value.units : value.units;
  const rounded = (magnitude + divisor / 2n) / divisor;
  return value.units < 0n ? -rounded : rounded;
}

function format(value: Decimal): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = digits.slice(digits.length - value.scale);
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

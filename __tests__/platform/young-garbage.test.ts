// The minor collections that keep a large copy's memory flat (src/platform/sftp/young-garbage.ts).
import { minorCollection, youngCollector } from '../../src/platform/sftp/young-garbage.js';

describe('youngCollector', () => {
  it('collects each time so many more bytes have moved', () => {
    let collections = 0;
    const moved = youngCollector(100, () => (collections += 1));
    for (let i = 0; i < 9; i++) moved(10);
    expect(collections).toBe(0);
    moved(10);
    expect(collections).toBe(1);
    // A chunk larger than the interval collects once, and what is over counts towards the next.
    moved(250);
    expect(collections).toBe(2);
    moved(40);
    expect(collections).toBe(2);
    moved(10);
    expect(collections).toBe(3);
  });

  it('does nothing when the runtime gives no collector', () => {
    const moved = youngCollector(1, undefined);
    expect(() => {
      moved(10);
    }).not.toThrow();
  });
});

describe('minorCollection', () => {
  it("reaches this runtime's collector, and a minor collection runs", () => {
    const collect = minorCollection();
    expect(collect).toBeInstanceOf(Function);
    expect(() => collect?.()).not.toThrow();
  });
});

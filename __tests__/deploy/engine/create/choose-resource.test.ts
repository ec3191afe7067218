import {
  cheapestOverPrice,
  chooseResource,
  resourcesEntry
} from '../../../../src/deploy/engine/create/choose-resource.js';
import type { CapacityWish } from '../../../../src/deploy/engine/settings.js';
import type { Offer } from '../../../../src/platform/resource-data.js';

const offer = (fields: Partial<Offer>): Offer => ({
  device: 'H20 x 8',
  gpuName: 'H20',
  gpuCount: '8',
  region: 'r',
  regionName: undefined,
  price: '100',
  discountPrice: undefined,
  inventory: '5',
  mark: `mark-${fields.region ?? 'r'}`,
  resource: undefined,
  ...fields
});

const wish = (fields: Partial<CapacityWish> = {}): CapacityWish => ({
  gpu: 'h20',
  gpuCount: 8,
  deviceType: 'GpuDevice',
  regions: [],
  maxPrice: undefined,
  timeoutMs: 0,
  ...fields
});

const regions = (choice: { eligible: readonly { offer: Offer }[] }): (string | undefined)[] =>
  choice.eligible.map((c) => c.offer.region);

describe('chooseResource', () => {
  it('keeps the entries of the GPU model (any case) and count with the stock for the nodes, cheapest first', () => {
    const offers = [
      offer({ region: 'a', price: '120' }),
      offer({ region: 'b', price: '120', discountPrice: '90' }),
      offer({ region: 'c', price: '80', inventory: '1' }),
      offer({ region: 'd', gpuName: 'H100' }),
      offer({ region: 'e', gpuCount: '4' }),
      offer({ region: 'f', price: '95' })
    ];
    const choice = chooseResource(offers, wish({ gpu: ' H20 ' }), 2);
    expect(regions(choice)).toEqual(['b', 'f', 'a']);
    expect(choice.considered.map((c) => [c.offer.region, c.price, c.excluded])).toEqual([
      ['b', '90', undefined],
      ['f', '95', undefined],
      ['a', '120', undefined],
      ['c', '80', 'no stock']
    ]);
  });

  it('breaks ties of price by the preference of regions, by region or region_name; unlisted last', () => {
    const offers = [
      offer({ region: 'a' }),
      offer({ region: 'b', regionName: '广东-T1' }),
      offer({ region: 'c' }),
      offer({ region: 'd', price: '99' })
    ];
    const choice = chooseResource(offers, wish({ regions: ['c', '广东-T1'] }), 1);
    expect(regions(choice)).toEqual(['d', 'c', 'b', 'a']);
  });

  it('keeps out what costs more than max_price, exactly, and an entry with no price at all', () => {
    const offers = [
      offer({ region: 'a', price: '1.99' }),
      offer({ region: 'b', price: '1.98' }),
      offer({ region: 'c', price: undefined }),
      offer({ region: 'd', price: '3', inventory: '0' })
    ];
    const choice = chooseResource(offers, wish({ maxPrice: '1.980' }), 1);
    expect(regions(choice)).toEqual(['b']);
    expect(cheapestOverPrice(choice)?.offer.region).toBe('a');
  });

  it('ranks an entry without a price after those with one, and never chooses one without a mark', () => {
    const offers = [
      offer({ region: 'a', price: undefined }),
      offer({ region: 'b' }),
      offer({ region: 'c', mark: undefined })
    ];
    const choice = chooseResource(offers, wish(), 1);
    expect(regions(choice)).toEqual(['b', 'a']);
    expect(choice.considered.at(-1)).toMatchObject({ excluded: 'no mark' });
  });

  it('matches a CPU device by its device_name, whatever gpu_count says', () => {
    const cpu = offer({ device: 'CPU 16C', gpuName: undefined, gpuCount: undefined, region: 'a' });
    expect(
      regions(chooseResource([cpu], wish({ gpu: 'cpu 16c', gpuCount: 1, deviceType: 'CpuDevice' }), 1))
    ).toEqual(['a']);
  });

  it('sends the mark, what it stands for and the region name, as the platform create example does', () => {
    const resource = { device_name: 'H20 x 8', gpu_count: 8 };
    expect(resourcesEntry(offer({ mark: 'm', resource, regionName: '河北一区' }))).toEqual({
      mark: 'm',
      resource,
      region_name: '河北一区'
    });
    expect(resourcesEntry(offer({ mark: 'm' }))).toEqual({ mark: 'm' });
  });
});

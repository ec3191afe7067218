/**
 * The compute resources resource search answers with, in the shape of the platform's reference
 * (suanli-job/api/resource.md): each device has its regions, and each region entry a `mark` object whose
 * `mark.mark` string is what a create's `resources[].mark` takes. What each region has free and what it
 * costs change: the numbers here are where they start (see stock.ts).
 */

/** The resource a mark stands for, as the reference nests it under regions[].mark.resource. */
export interface MarkedResource {
  device_name: string;
  region: string;
  gpu_name: string | null;
  gpu_count: number;
  gpu_memory: number;
  memory: number;
  cpu_cores: number;
}

export interface Region {
  region: string;
  region_name: string;
  /** Integers, unit unstated by the reference (see the fixture's note). */
  price: number;
  discount_price: number;
  inventory: number;
}

export interface Device {
  device_name: string;
  device_type: 'GpuDevice' | 'CpuDevice';
  gpu_name: string | null;
  gpu_memory: number;
  gpu_count: number;
  memory: number;
  cpu_cores: number;
  disk_size: number;
  disk_type: string;
  regions: Region[];
}

export const TASK_TYPES = ['Deployment'] as const;
/** What a resource search takes as task_type: deployments, jobs, and the nodes of an image preheat. */
export const RESOURCE_TASK_TYPES = ['Deployment', 'Job', 'ImagePreHeat'] as const;
export const DEVICE_TYPES = ['GpuDevice', 'CpuDevice'] as const;

/** The regions whose clusters an image preheat can warm (get_regions). */
export const REGIONS = [
  { region: 'beijing-jxq-p1', region_name: '北京一区' },
  { region: 'guangdong-t-01', region_name: '广东-T1' },
  { region: 'hebeif-1', region_name: '河北一区' }
] as const;

export const DEVICES: readonly Device[] = [
  {
    device_name: '4090',
    device_type: 'GpuDevice',
    gpu_name: '4090',
    gpu_memory: 24560,
    gpu_count: 1,
    memory: 64512,
    cpu_cores: 16,
    disk_size: 81920,
    disk_type: 'SSD',
    regions: [
      { region: 'beijing-jxq-p1', region_name: '北京一区', price: 1980, discount_price: 1880, inventory: 42 },
      { region: 'guangdong-t-01', region_name: '广东-T1', price: 1980, discount_price: 1980, inventory: 7 }
    ]
  },
  {
    device_name: 'H20 x 8',
    device_type: 'GpuDevice',
    gpu_name: 'H20',
    gpu_memory: 786432,
    gpu_count: 8,
    memory: 1572864,
    cpu_cores: 192,
    disk_size: 81920,
    disk_type: 'HDD',
    regions: [
      { region: 'hebeif-1', region_name: '河北一区', price: 16416, discount_price: 16416, inventory: 0 },
      { region: 'guangdong-t-01', region_name: '广东-T1', price: 16416, discount_price: 15800, inventory: 2 }
    ]
  },
  {
    device_name: 'CPU 16C',
    device_type: 'CpuDevice',
    gpu_name: null,
    gpu_memory: 0,
    gpu_count: 0,
    memory: 32768,
    cpu_cores: 16,
    disk_size: 40960,
    disk_type: 'SSD',
    regions: [
      { region: 'beijing-jxq-p1', region_name: '北京一区', price: 320, discount_price: 320, inventory: 120 }
    ]
  }
];

/** The opaque mark of a device in a region for a task type (the platform's are opaque strings too). */
export function markOf(device: Device, region: Region, taskType: string): string {
  return Buffer.from(`mark:${taskType}:${device.device_name}:${region.region}`).toString('base64');
}

/** The resource a device in a region is, as a mark's resource object gives it. */
export function resourceOf(device: Device, region: Region): MarkedResource {
  const { device_name, gpu_name, gpu_count, gpu_memory, memory, cpu_cores } = device;
  return { device_name, region: region.region, gpu_name, gpu_count, gpu_memory, memory, cpu_cores };
}

/** What a mark stands for (for the task type it was searched with), or undefined for a mark no search gave. */
export function markedResource(
  mark: string,
  taskType: string
): { resource: MarkedResource; region_name: string } | undefined {
  for (const device of DEVICES) {
    for (const region of device.regions) {
      if (markOf(device, region, taskType) === mark)
        return { resource: resourceOf(device, region), region_name: region.region_name };
    }
  }
  return undefined;
}

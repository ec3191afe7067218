/**
 * The compute resources resource search answers with (static: the platform's inventory is not modelled).
 * `mark` identifies a device in a region; a create names the resources it runs on by it.
 */
export const DEVICES = [
  {
    device_name: 'NVIDIA GeForce RTX 4090',
    device_type: 'GpuDevice',
    task_types: ['Deployment', 'Job'],
    gpu_memory_gb: 24,
    cpu_cores: 16,
    memory_gb: 64,
    regions: [
      { region: 'east-1', price: 1.98, inventory: 42, mark: 'bWFyay00MDkwLWVhc3QtMQ==' },
      { region: 'north-2', price: 1.88, inventory: 7, mark: 'bWFyay00MDkwLW5vcnRoLTI=' }
    ]
  },
  {
    device_name: 'NVIDIA A100 80GB',
    device_type: 'GpuDevice',
    task_types: ['Deployment', 'Job'],
    gpu_memory_gb: 80,
    cpu_cores: 32,
    memory_gb: 256,
    regions: [{ region: 'east-1', price: 8.5, inventory: 3, mark: 'bWFyay1hMTAwLWVhc3QtMQ==' }]
  },
  {
    device_name: 'Intel Xeon 16 vCPU',
    device_type: 'CpuDevice',
    task_types: ['Deployment'],
    gpu_memory_gb: 0,
    cpu_cores: 16,
    memory_gb: 32,
    regions: [{ region: 'east-1', price: 0.32, inventory: 120, mark: 'bWFyay14ZW9uLWVhc3QtMQ==' }]
  }
] as const;

export const TASK_TYPES = ['Deployment', 'Job'] as const;
export const DEVICE_TYPES = ['GpuDevice', 'CpuDevice'] as const;

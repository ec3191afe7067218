// Command lines of the elastic-deploy tool, as the CLI's tests (in process and packed) give them.

/** A service a create runs, as a flag's YAML. */
export const SERVICE =
  '{services: [{service_name: web, service_image: "nginx:1", remote_ports: [{service_port: 80}]}]}';

/** The arguments of a create of SERVICE on a 4090 node, named `taskName`. */
export const webCreate = (taskName: string): string[] => [
  'create',
  '--gpu',
  '4090',
  '--task-name',
  taskName,
  '--body',
  SERVICE
];

/** The flags of a run that leaves what it made for `elastic-deploy cleanup --state-file` to stop. */
export const stopLater = (stateFile: string): string[] => ['--cleanup', 'stop', '--state-file', stateFile];

/** The arguments of an update of task `id` to service web on nginx:2, its waits polling each second. */
export const updateToNginx2 = (id: string): string[] => [
  'update',
  '--task-id',
  id,
  '--body',
  '{services: [{service_name: web, service_image: "nginx:2"}]}',
  '--poll-interval',
  '1s'
];

/** The arguments of a GPU job on a 4090 node, named `taskName`, of `body` (a job create's YAML or JSON). */
export const gpuJob = (taskName: string, body: string): string[] => [
  'job',
  '--gpu',
  '4090',
  '--task-name',
  taskName,
  '--body',
  body
];

import {
  parseBoolean,
  parseChoice,
  parseCopies,
  parseGiB,
  parseIntegerInRange,
  parseMounts,
  parseStorageClass,
  parseSuffixes,
  parseTransferId,
  parseVolumeName,
  parseVolumePath
} from './parsers.js';
import { input, asText } from './input.js';

/** The cluster storage: volumes, transfers and the object storage they copy from, mounts, and the copies of data and results. */
export const STORAGE_INPUTS = [
  input({
    name: 'volume',
    type: 'text',
    parse: (value, name) => parseVolumeName(name, value),
    description:
      "`volume` and `volume_delete`: the cluster storage volume, by its name (1 to 32 characters), or by its `storage_id`. `volume` looks for it by name across the list's pages and creates it when none has the name; two volumes of the name are refused (set the `storage_id`). `transfer`: the volume to copy to or from, which must be `Active`. `transfer_list`: the transfers of that volume only."
  }),
  input({
    name: 'size',
    type: 'size',
    helpRank: 7,
    parse: (value, name) => parseGiB(name, value),
    description:
      '`volume`: the least size of the volume, in whole GiB (`100`, or `100GiB`; sent in bytes, GiB x 1,073,741,824). A volume that holds less is grown, never shrunk; needed to create one.'
  }),
  input({
    name: 'region',
    type: 'text',
    helpRank: 8,
    parse: asText,
    description:
      "`volume`: the region the volume must be in, by the storage's tag (such as `bj-001`, as `volume_options` lists them, before any volume exists, and `volume_list` shows them; the storage's tags are not the GPU regions') or by the region's name (such as `北京一区`, which the GPU regions share): a new one is made there, and one found elsewhere fails the step (a volume cannot move). Empty: the cheapest configuration with room, by its displayed price. `volume_list`: the volumes of that region only."
  }),
  input({
    name: 'storage_class',
    type: 'text',
    parse: (value, name) => parseStorageClass(name, value),
    description:
      '`volume`: the storage class the volume must be of, by its id (such as `nfs-standard`, as `volume_list` shows it) or by its name as the platform shows it (such as `标准型`): a new one is made from a configuration of that class (the cheapest with room, in `region` when one is set; none of that class there fails the step before anything is made, naming the classes there are), and one found of another class fails the step. Empty: any class. `volume_list`: the volumes of that class only.'
  }),
  input({
    name: 'volume_cleanup',
    type: 'choice',
    default: 'keep',
    helpRank: 38,
    parse: (value, name) => parseChoice(name, value, ['keep', 'delete'] as const),
    description:
      "`volume`: what becomes of a volume the step creates once the job ends: `keep` (the default: it is the data's home for the next runs, which find it by name) or `delete` (the post step deletes it, and asks again until no list shows it). A volume the step did not create is never deleted."
  }),
  input({
    name: 'confirm',
    type: 'text',
    helpRank: 12,
    parse: asText,
    description:
      "`volume_delete`: the volume's name or `storage_id`, typed again. A deletion cannot be undone; a `confirm` that names neither is refused, and nothing is deleted."
  }),
  input({
    name: 'force',
    type: 'bool',
    default: 'false',
    parse: (value, name) => parseBoolean(name, value, false),
    description:
      "`volume_delete`: delete a volume even though it is mounted in a task or a transfer is under way (sent as the platform's `force`, which skips its checks). Otherwise that is refused."
  }),
  input({
    name: 'transfer_id',
    type: 'text',
    helpRank: 9,
    parse: (value, name) => parseTransferId(name, value),
    description:
      "`transfer_detail` and `transfer_stop`: the transfer, as digits (a `transfer` step's `transfer_id` output, or as `transfer_list` shows it)."
  }),
  input({
    name: 'direction',
    type: 'choice',
    helpRank: 10,
    parse: (value, name) => parseChoice(name, value, ['s3-to-volume', 'volume-to-s3'] as const),
    description:
      "`transfer`: `s3-to-volume` (copy the bucket's prefix into the volume's path) or `volume-to-s3` (the volume's path into the bucket's prefix)."
  }),
  input({
    name: 's3_supplier',
    type: 'text',
    parse: asText,
    description:
      "`transfer`, `job`, `runner`, `create`, `replace` and `copy`: the object storage's vendor, as the platform names it (`tencent`, `aws`, `aliyun`, `minio`...)."
  }),
  input({
    name: 's3_endpoint',
    type: 'text',
    parse: asText,
    description:
      "`transfer`, `job`, `runner`, `create`, `replace` and `copy`: the object storage's endpoint, such as `cos.ap-guangzhou.myqcloud.com`."
  }),
  input({
    name: 's3_bucket',
    type: 'text',
    helpRank: 28,
    parse: asText,
    description: '`transfer`, `job`, `runner`, `create`, `replace` and `copy`: the bucket.'
  }),
  input({
    name: 's3_prefix',
    type: 'text',
    helpRank: 26,
    parse: asText,
    description: "`transfer`: the object prefix in the bucket (`datasets/v3/`); empty for the bucket's root."
  }),
  input({
    name: 's3_access_key',
    type: 'secret',
    secret: true,
    env: 'DEPLOY_S3_ACCESS_KEY',
    parse: asText,
    description:
      "`transfer`, `job`, `runner`, `create`, `replace` and `copy`: the object storage's access key, from a secret. Falls back to `DEPLOY_S3_ACCESS_KEY`. Masked before the first log line; sent only in the encrypted check and create, which the platform uses for that request and does not keep."
  }),
  input({
    name: 's3_secret_key',
    type: 'secret',
    secret: true,
    env: 'DEPLOY_S3_SECRET_KEY',
    parse: asText,
    description:
      "`transfer`, `job`, `runner`, `create`, `replace` and `copy`: the object storage's secret key, from a secret. Falls back to `DEPLOY_S3_SECRET_KEY`. Masked and sent as `s3_access_key` is."
  }),
  input({
    name: 'volume_path',
    type: 'text',
    default: '/',
    helpRank: 27,
    parse: (value, name) => parseVolumePath(name, value),
    description: '`transfer`: the path in the volume, absolute (`/datasets/imagenet`); `/` for its root.'
  }),
  input({
    name: 'overwrite_policy',
    type: 'choice',
    default: 'hash',
    parse: (value, name) => parseChoice(name, value, ['hash', 'skip', 'overwrite'] as const),
    description:
      '`transfer`, `job`, `runner`, `create`, `replace` and `copy`: what is copied again when it is at the destination already. `hash` (the default) compares contents, so a changed file is copied and an unchanged one is not; `skip` never copies a file whose name is there (faster, but a file changed under the same name stays stale); `overwrite` copies everything again.'
  }),
  input({
    name: 'ignore_patterns',
    type: 'list',
    untrimmed: true,
    parse: (value, name) => parseSuffixes(name, value),
    description:
      '`transfer`, `job`, `runner`, `create`, `replace` and `copy`: file name endings never copied (`.tmp`, `.log`), separated by commas or one per line.'
  }),
  input({
    name: 'transfer_retries',
    type: 'number',
    default: '2',
    parse: (value, name) => parseIntegerInRange(name, value, 0, 10),
    description:
      '`transfer`, `job`, `runner`, `create`, `replace` and `copy`: how often a transfer that fails (`Error`, `Exception`) is submitted again, each time as a new transfer (0 to 10).'
  }),
  input({
    name: 'volumes',
    type: 'lines',
    untrimmed: true,
    helpRank: 29,
    parse: (value, name) => parseMounts(name, value, 'nas'),
    description:
      "`create`, `replace`, `preview`, `job`, `runner` and `update`: cluster storage volumes to mount, one a line, as `volume:/path/in/container` (in every service) or `service:volume:/path` (in that one), the volume by its name or `storage_id`. Each must be `Active` (checked before anything is sent), and all in one region: the platform mounts a volume only in a task of its region, so `gpu` searches only there (and fails naming the regions that have the stock when it has none). Sent as each service's `nas_storage_config`."
  }),
  input({
    name: 'juicefs_mounts',
    type: 'lines',
    untrimmed: true,
    parse: (value, name) => parseMounts(name, value, 'juicefs'),
    description:
      "`create`, `replace`, `preview`, `job`, `runner` and `update`: object storages accelerated for mounts (JuiceFS, set up in the platform's console) to mount, one a line, as `storage:/path/in/container` (in every service) or `service:storage:/path` (in that one), the storage by its name or `storage_id` as the platform's `get_storage` lists it. Each must be accelerated (`Activate`), and the task runs only where all the storages it mounts can be (an object storage's accelerated regions, a volume's own): `gpu` searches only there. Sent as each service's `storage_config`."
  }),
  input({
    name: 'data',
    type: 'lines',
    untrimmed: true,
    helpRank: 30,
    parse: (value, name) => parseCopies(name, value, 'in'),
    description:
      "`job`, `runner`, `create` and `replace`: the data, copied into volumes before the job or task is made (no GPU bills while it copies), one copy a line: `prefix/ -> volume:/path` copies the prefix of the bucket the `s3_*` inputs name into the volume's path, as `transfer` copies (checked first, followed, retried; what is there already is not copied again, as `overwrite_policy` says); `./dir/ -> volume:/path` copies a file or directory of the workspace (`.` or a path that starts with `./`, from `GITHUB_WORKSPACE`, or the working directory; nothing outside it, no link out of it) over the volume's SFTP session, 4 files at once, skipping a file of the same size and content already there (no `s3_*` input needed). The volume by its name or `storage_id`. A copy that does not complete fails the step, and nothing is made. Mount the volume with `volumes`."
  }),
  input({
    name: 'results',
    type: 'lines',
    untrimmed: true,
    helpRank: 31,
    parse: (value, name) => parseCopies(name, value, 'out'),
    description:
      "`job`: its results, copied back after the job ended, also when it failed, so that its outputs and logs survive, one copy a line: `volume:/path -> prefix/` into the bucket the `s3_*` inputs name, or `volume:/path -> ./dir/` into the workspace over the volume's SFTP session (the directory made if missing; nothing written outside it whatever names the volume holds, links on the volume skipped). The copies have a `wait_timeout` of their own; one that does not complete fails the step. (A service runs until it is stopped: copy its results with `transfer` once it is.)"
  }),
  input({
    name: 'copies',
    type: 'lines',
    untrimmed: true,
    helpRank: 32,
    parse: (value, name) => parseCopies(name, value, 'any'),
    description:
      "`copy`: what it copies, one copy a line, one after the other, as `data` and `results` write them, either way: `./dir/ -> volume:/path` uploads a file or directory of the workspace (`.` or a path that starts with `./`, from `GITHUB_WORKSPACE`, or the working directory; nothing outside it, no link out of it) into the volume, `volume:/path -> ./dir/` downloads into the workspace (the directory made if missing; nothing written outside it whatever names the volume holds), each over the volume's SFTP session (opened for the copy, destroyed after it), 4 files at once, skipping a file of the same size and content already there; `prefix/ -> volume:/path` and `volume:/path -> prefix/` copy through the bucket the `s3_*` inputs name, as `transfer` does. The volume by its name or `storage_id`; it must exist. The first copy that does not complete fails the step, and the copies after it are not made."
  })
] as const;

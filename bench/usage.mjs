// Preloaded into a measured process (NODE_OPTIONS=--import): appends, on exit, one line to USAGE_FILE:
// its peak RSS in KiB and the CPU time it used (user and system) in microseconds. The peak is VmHWM, the
// high-water mark of this address space: getrusage's maxrss would also count the parent process this one
// was forked from, as Linux keeps it across execve.
import { appendFileSync, readFileSync } from 'node:fs';

process.on('exit', () => {
  const hwm = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  const { user, system } = process.cpuUsage();
  appendFileSync(
    process.env.USAGE_FILE ?? '/dev/null',
    `${hwm ?? process.resourceUsage().maxRSS} ${user + system}\n`
  );
});

// Preloaded into a measured process (NODE_OPTIONS=--import): writes its peak RSS, in KiB, on exit.
// It reads VmHWM, the high-water mark of this address space: getrusage's maxrss would also count the
// parent process this one was forked from, as Linux keeps it across execve.
import { appendFileSync, readFileSync } from 'node:fs';

process.on('exit', () => {
  const hwm = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  appendFileSync(process.env.PEAK_RSS_FILE ?? '/dev/null', `${hwm ?? process.resourceUsage().maxRSS}\n`);
});

export const id = 73;
export const ids = [73];
export const modules = {

/***/ 2073:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  LOG_LIMITS: () => (/* binding */ LOG_LIMITS),
  followJobLogs: () => (/* binding */ followJobLogs),
  nodesDue: () => (/* binding */ nodesDue),
  podCounts: () => (/* binding */ podCounts),
  readsNodes: () => (/* binding */ readsNodes),
  several: () => (/* binding */ several)
});

// EXTERNAL MODULE: ./basics/concurrency.ts
var concurrency = __webpack_require__(5833);
// EXTERNAL MODULE: ./basics/units.ts
var units = __webpack_require__(2589);
// EXTERNAL MODULE: ./basics/records.ts
var records = __webpack_require__(2212);
// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./platform/failures.ts
var failures = __webpack_require__(3035);
// EXTERNAL MODULE: ./platform/task-data.ts
var task_data = __webpack_require__(8998);
// EXTERNAL MODULE: ./deploy/engine/context.ts
var context = __webpack_require__(3742);
// EXTERNAL MODULE: ./platform/node-data.ts
var node_data = __webpack_require__(965);
// EXTERNAL MODULE: ./deploy/engine/tasks/node-services.ts
var node_services = __webpack_require__(9911);
// EXTERNAL MODULE: ./deploy/engine/tasks/read-task.ts
var read_task = __webpack_require__(8242);
;// CONCATENATED MODULE: ./deploy/engine/wait/log-stream.ts
/** Lines kept of a log read, to find where the next read goes on: long enough that most repeats differ. */
const TAIL_LINES = 20;
function newStream(restarts = 0) {
    return { lines: 0, tail: [], restarts };
}
/**
 * The lines of `text` (the whole log a read answered) not read before, never one twice: those after the
 * lines read so far; after the last lines read wherever they are, when the platform cut the start of the
 * log; all of them for a new container. A last line without its line break is left for the next read,
 * unless the container has ended (`ended`: no more text comes).
 */
function readOn(stream, text, container) {
    const all = text.replace(/\r\n?/g, '\n').split('\n');
    const partial = all.pop() ?? '';
    if (container.ended && partial !== '')
        all.push(partial);
    const started = (from) => ({
        stream: advance(newStream(container.restarts), all),
        lines: all,
        from
    });
    const restarted = container.restarts > stream.restarts;
    if (stream.lines === 0)
        return started(restarted ? 'restarted' : 'on');
    // A restarted container whose log still holds all that was read (the platform answers the earlier
    // container's output too): only what follows it is new, never the earlier output again.
    if (continues(all, stream) && (!restarted || all.length > stream.lines)) {
        const fresh = all.slice(stream.lines);
        // The same text again, one line over and over: a log the platform cuts to its last lines may have
        // gone on with the same line, which no text can tell.
        const same = fresh.length === 0 && repeats(all, stream.tail) && stream.unsureSaid !== true;
        return {
            stream: advance({ ...stream, restarts: container.restarts, unsureSaid: stream.unsureSaid === true || same }, fresh),
            lines: fresh,
            from: restarted ? 'restarted' : 'on',
            ...(same ? { unsure: true } : {})
        };
    }
    if (restarted)
        return started('restarted');
    const at = resumeAt(all, stream.tail);
    if (at.index >= 0) {
        const fresh = all.slice(at.index);
        const sayUnsure = !at.unique && stream.unsureSaid !== true;
        return {
            stream: advance({ ...stream, lines: all.length - fresh.length, unsureSaid: stream.unsureSaid === true || !at.unique }, fresh),
            lines: fresh,
            from: 'on',
            ...(sayUnsure ? { unsure: true } : {})
        };
    }
    return started('replaced');
}
/** Whether the text holds, where the lines read so far ended, the last lines read. */
function continues(all, stream) {
    if (all.length < stream.lines)
        return false;
    const start = stream.lines - stream.tail.length;
    return stream.tail.every((line, i) => all[start + i] === line);
}
/**
 * Where, in a log whose start was cut, the last lines read (`tail`) end: after their last whole run in
 * it; else after its first lines when they are the last of `tail` (the cut fell inside them). -1: the
 * text holds none of them.
 */
function resumeAt(all, tail) {
    if (tail.length === 0)
        return { index: -1, unique: true };
    const whole = [];
    for (let at = all.length - tail.length; at >= 0; at--)
        if (tail.every((line, i) => all[at + i] === line))
            whole.push(at + tail.length);
    if (whole.length > 0)
        return { index: whole[0] ?? -1, unique: whole.length === 1 && !repeats(all, tail) };
    for (let k = tail.length - 1; k > 0; k--)
        if (tail.slice(-k).every((line, i) => all[i] === line))
            return { index: k, unique: !repeats(all, tail) };
    return { index: -1, unique: true };
}
/** Whether the lines read and those kept now are one line over and over, twice at least (no place in them can be told). */
function repeats(all, tail) {
    const [first] = tail;
    if (tail.length < 2 || all.length < 2)
        return false;
    return tail.every((line) => line === first) && all.every((line) => line === first);
}
function advance(stream, fresh) {
    return {
        ...stream,
        lines: stream.lines + fresh.length,
        tail: [...stream.tail, ...fresh].slice(-TAIL_LINES)
    };
}

;// CONCATENATED MODULE: ./deploy/engine/wait/follow-job-log.ts











const LOG_LIMITS = { perRead: 200, shown: 5000, fileBytes: 64 * 1024 * 1024 };
const MAX_LINE = 2000;
/** A line of a log's tail kept for the summary, at the most (as the diagnostics cut theirs). */
const TAIL_LINE = 500;
/**
 * The logs of a step's jobs in its log as they run: at each look at a job, its node list (when its pods
 * may have logged since: some run, or their counts moved) and the log of each node that runs or has just
 * ended, each read answering the whole text so far (see readOn: only the lines not read before are shown,
 * never one twice). Each line is shown after a prefix (its node's name when the job has several, else
 * `| `), so that no line from the server runs as a workflow command; at most `limits.perRead` per read and
 * `limits.shown` in all are shown, and every line goes to a file of the host's (the runner's temporary
 * directory), whose path is the step's log_file. A read that fails is said once, and the next look tries
 * again: the log never decides the wait.
 */
function followJobLogs(ctx, limits = LOG_LIMITS) {
    const jobs = new Map();
    // One file for the step, named after its first job.
    const out = logOutput(ctx, limits, () => `job-${[...jobs.keys()][0] ?? 'log'}.log`);
    return {
        // Asked once the wait is over: the file is let go then.
        file: () => {
            out.close();
            return out.path();
        },
        tails: (taskId) => tailsOf(jobs.get(taskId)),
        follow: async (taskId, data, notAfter) => {
            const reads = (0,context/* readsBy */.Hi)(ctx, notAfter);
            if (reads.runtime.cancelled() || reads.runtime.now() >= reads.deadline)
                return;
            let job = jobs.get(taskId);
            if (job === undefined) {
                job = { pods: '0/0/0', nodes: new Map(), several: several(data), listUnreadable: false };
                jobs.set(taskId, job);
            }
            const facts = (0,task_data/* jobFactsOf */.ah)(data);
            const { ended } = facts;
            const pods = podCounts(facts);
            if (!readsNodes(facts, job.pods))
                return;
            let nodes;
            try {
                nodes = await (0,read_task/* readNodeList */.XV)(taskId, reads);
            }
            catch (error) {
                if (!job.listUnreadable)
                    ctx.log(`task ${taskId}: could not read its nodes for their logs (${(0,failures/* describeError */.Uc)(error)}): trying again at the next look`);
                job.listUnreadable = true;
                return;
            }
            job.listUnreadable = false;
            job.pods = pods;
            await readLogs(taskId, job, nodes, { data, ended, ctx: reads, out });
        }
    };
}
/** The last lines read of each log of a job's nodes (see JobLogFollower.tails), made safe. */
function tailsOf(job) {
    if (job === undefined)
        return [];
    return [...job.nodes].flatMap(([pointId, node]) => [...node.services].map(([serviceId, stream]) => ({
        pointId,
        service: node.names.get(serviceId) ?? serviceId,
        lines: stream.tail.map((line) => (0,safe_text/* safeLine */.om)(line, TAIL_LINE)),
        omitted: Math.max(0, stream.lines - stream.tail.length)
    })));
}
/** A job's pods running, succeeded and failed, as one word ("1/0/0") to tell when they move. */
function podCounts(facts) {
    return `${facts.running ?? 0}/${facts.succeeded ?? 0}/${facts.failed ?? 0}`;
}
/**
 * Whether a look at a job reads its node list (and its nodes' logs): while a pod runs, when its pods'
 * counts moved since the last read (`lastPods`, see podCounts), and once its run ended; not while it
 * waits with nothing running and nothing moved (no pod has logged since).
 */
function readsNodes(facts, lastPods) {
    return facts.ended || (facts.running ?? 0) !== 0 || podCounts(facts) !== lastPods;
}
/**
 * The nodes whose logs a read takes: those scheduled (a pending node has no log yet) and not read for the
 * last time already (`done`: its containers ended, and its log was read after).
 */
function nodesDue(nodes, done) {
    return nodes.filter((node) => !(0,node_data/* nodePending */.Ad)(node) && !done((0,read_task/* pointOf */.qk)(node)));
}
/** Whether a job runs several pods (completions or parallelism above one), as its detail says. */
function several(data) {
    const detail = (0,records/* isRecord */.u)(data) ? data : {};
    const support = (0,records/* isRecord */.u)(detail.job_support) ? detail.job_support : {};
    return Number((0,node_data/* fieldText */.gF)(detail.points) ?? 1) > 1 || Number((0,node_data/* fieldText */.gF)(support.parallelism) ?? 1) > 1;
}
/** Reads the log of each node that runs or has ended since its last read, and shows what is new. */
async function readLogs(taskId, job, nodes, how) {
    const { ctx, out } = how;
    const services = (0,node_services/* serviceNames */._)(how.data);
    const due = nodesDue(nodes, (pointId) => job.nodes.get(pointId)?.done === true);
    const reads = await (0,concurrency/* mapLimit */.s)(due, ctx.settings.concurrency, async (node) => {
        const pointId = (0,read_task/* pointOf */.qk)(node);
        const ended = how.ended || (0,node_data/* nodeEnded */.f2)(node);
        const restarts = (0,node_data/* restartsOf */.wN)(node) ?? 0;
        const logs = [...(0,node_services/* containerServices */.Y)(node, services)];
        // A node's services one after the other; the nodes side by side.
        const texts = [];
        for (const [serviceId] of logs)
            texts.push(await (0,read_task/* readNodeLog */.pc)(taskId, pointId, serviceId, ctx).catch((error) => new Error((0,failures/* describeError */.Uc)(error))));
        return { node, pointId, ended, restarts, logs, texts };
    });
    for (const { node, pointId, ended, restarts, logs, texts } of reads) {
        let known = job.nodes.get(pointId);
        if (known === undefined) {
            known = {
                name: (0,safe_text/* lineLabel */.bQ)((0,node_data/* fieldText */.gF)(node.name) ?? pointId, 80), // begins its lines: never a command
                services: new Map(),
                names: new Map(),
                done: false,
                unreadable: new Set()
            };
            if (!job.several && job.nodes.size > 0)
                out.mark(`--- ${known.name}: a new pod ---`);
            job.nodes.set(pointId, known);
        }
        let whole = true;
        for (const [i, [serviceId, service]] of logs.entries()) {
            const text = texts[i];
            if (typeof text !== 'string') {
                whole = false;
                if (!known.unreadable.has(serviceId))
                    ctx.log(`task ${taskId}: could not read the log of ${service} on ${known.name} (${text?.message ?? 'no answer'}): trying again at the next look`);
                known.unreadable.add(serviceId);
                continue;
            }
            known.unreadable.delete(serviceId);
            const read = readOn(known.services.get(serviceId) ?? newStream(), text, { restarts, ended });
            known.services.set(serviceId, read.stream);
            known.names.set(serviceId, service);
            const name = logs.length > 1 ? `${known.name}/${service}` : known.name;
            show(read, { name, several: job.several }, out);
        }
        if (ended && whole)
            known.done = true;
    }
}
/** The new lines of a read, shown and written, with a line first when they begin a new log. */
function show(read, node, out) {
    if (read.from === 'restarted')
        out.mark(`--- ${node.name}: its container restarted, a new log ---`);
    if (read.from === 'replaced')
        out.mark(`--- ${node.name}: the log no longer goes on from what was read; from its start as it is now ---`);
    out.lines(read.lines, node.several ? `${node.name} | ` : undefined);
    if (read.unsure === true)
        out.mark(`--- ${node.name}: this log repeats its lines, and the platform may keep only its last ones: lines written between two reads may be missing here and in the file ---`);
}
function logOutput(ctx, limits, fileName) {
    let file;
    let fileBytes = 0;
    let fileFull = false;
    let shown = 0;
    let fileFailed = false;
    const write = (lines) => {
        if (fileFailed || fileFull || lines.length === 0 || ctx.runtime.openFile === undefined)
            return;
        try {
            file ??= ctx.runtime.openFile(fileName());
            // The whole lines that fit; then, once, where the file ends.
            let fit = 0;
            let bytes = 0;
            for (const line of lines) {
                const size = Buffer.byteLength(line) + 1;
                if (fileBytes + bytes + size > limits.fileBytes)
                    break;
                bytes += size;
                fit++;
            }
            if (fit > 0)
                file.append(`${lines.slice(0, fit).join('\n')}\n`);
            fileBytes += bytes;
            if (fit < lines.length) {
                fileFull = true;
                file.append(`(the log is cut here: the file holds ${(0,units/* formatSize */.Xq)(limits.fileBytes)} at the most)\n`);
            }
        }
        catch (error) {
            fileFailed = true;
            ctx.runtime.warn(`could not write the job's log file: ${error instanceof Error ? error.message : String(error)}`);
        }
    };
    const where = () => (file === undefined ? '' : ` (every line is in ${file.path})`);
    return {
        path: () => file?.path,
        close: () => file?.close?.(),
        mark: (line) => {
            write([line]);
            if (shown < limits.shown)
                ctx.log(line);
        },
        lines: (lines, prefix) => {
            write(prefix === undefined ? lines : lines.map((line) => `${prefix}${line}`));
            if (shown >= limits.shown || lines.length === 0)
                return;
            const room = Math.min(limits.perRead, limits.shown - shown);
            const left = Math.max(0, lines.length - room);
            if (left > 0)
                ctx.log(`(${left} lines of this read not shown here${where()})`);
            for (const line of lines.slice(left))
                ctx.log(`${prefix ?? '| '}${(0,safe_text/* safeLine */.om)(line, MAX_LINE)}`);
            shown += lines.length - left;
            if (shown >= limits.shown)
                ctx.log(`(the step's log shows no more of the job's log: ${limits.shown} lines were shown${where()})`);
        }
    };
}


/***/ })

};

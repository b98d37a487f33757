import { parentPort, workerData } from 'node:worker_threads';
import { BuildCore } from './worker-core.ts';

/** One build thread: answers each message of the main thread with its core's result, in order. */
const core = new BuildCore(workerData.cacheDir as string | null);
type Call = { id: number } & ({ op: 'parse'; jobs: Parameters<BuildCore['parse']>[0]; site: Parameters<BuildCore['parse']>[1] } | { op: 'setData'; data: Parameters<BuildCore['setData']>[0] } | { op: 'render'; jobs: Parameters<BuildCore['render']>[0] });

parentPort!.on('message', (call: Call) => {
  try {
    let result: unknown;
    if (call.op === 'parse') result = core.parse(call.jobs, call.site);
    else if (call.op === 'setData') result = core.setData(call.data);
    else {
      const replies = core.render(call.jobs);
      // Page bytes move to the main thread without a copy.
      parentPort!.postMessage({ id: call.id, result: replies }, replies.flatMap((r) => (r.bytes ? [r.bytes.buffer as ArrayBuffer] : [])));
      return;
    }
    parentPort!.postMessage({ id: call.id, result });
  } catch (error) {
    parentPort!.postMessage({ id: call.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});

import { parentPort, workerData } from 'node:worker_threads';
import { BuildCore } from '../worker-core.ts';

/** One build thread: answers each message of the main thread with its core's result (by its id: drawing is asynchronous). */
const core = new BuildCore(workerData.cacheDir as string | null);
type Call = { id: number } & (
  | { op: 'parse'; jobs: Parameters<BuildCore['parse']>[0]; site: Parameters<BuildCore['parse']>[1] }
  | { op: 'setData'; data: Parameters<BuildCore['setData']>[0] }
  | { op: 'render'; jobs: Parameters<BuildCore['render']>[0] }
  | { op: 'draw'; jobs: Parameters<BuildCore['draw']>[0] }
);

const failed = (id: number, error: unknown) => parentPort!.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });

parentPort!.on('message', (call: Call) => {
  if (call.op === 'draw') {
    // Cards drawn without a disk cache move to the main thread without a copy.
    core.draw(call.jobs).then(
      (replies) => parentPort!.postMessage({ id: call.id, result: replies }, replies.flatMap((r) => (r.bytes ? [r.bytes.buffer as ArrayBuffer] : []))),
      (error: unknown) => failed(call.id, error),
    );
    return;
  }
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
    failed(call.id, error);
  }
});

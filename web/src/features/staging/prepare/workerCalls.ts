/**
 * Request and reply over a Web Worker: the page side numbers each request and settles its promise
 * when the worker answers that number; the worker side handles one request at a time.
 */

type Reply<Output> = { id: number; output: Output } | { id: number; error: string };
interface Request<Input> {
  id: number;
  input: Input;
}

/** The page side: `start` makes the worker on the first call, and again after it crashed. */
export function workerCall<Input, Output>(start: () => Worker): (input: Input) => Promise<Output> {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (output: Output) => void; reject: (error: Error) => void }>();

  function running(): Worker {
    if (worker) return worker;
    const started = start();
    started.onmessage = ({ data }: MessageEvent<Reply<Output>>) => {
      const request = pending.get(data.id);
      pending.delete(data.id);
      if (!request) return;
      if ('output' in data) request.resolve(data.output);
      else request.reject(new Error(data.error));
    };
    started.onerror = (event) => {
      for (const request of pending.values()) request.reject(new Error(event.message || 'The worker failed'));
      pending.clear();
      worker = null;
    };
    worker = started;
    return started;
  }

  return (input) => {
    const id = ++nextId;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      running().postMessage({ id, input } satisfies Request<Input>);
    });
  };
}

/**
 * The worker side. One request at a time: a 48 MP photo decodes to 190 MB of pixels, and a phone
 * has no room for several at once.
 */
export function serveInWorker<Input, Output>(
  scope: DedicatedWorkerGlobalScope,
  handle: (input: Input) => Promise<Output>,
): void {
  let queue = Promise.resolve();
  scope.onmessage = ({ data }: MessageEvent<Request<Input>>) => {
    queue = queue.then(async () => {
      let reply: Reply<Output>;
      try {
        reply = { id: data.id, output: await handle(data.input) };
      } catch (error) {
        reply = { id: data.id, error: error instanceof Error ? error.message : String(error) };
      }
      scope.postMessage(reply);
    });
  };
}

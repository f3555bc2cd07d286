// Shared by design: the server entry's, for every document response of every feature.
import { Transform } from "node:stream";

/**
 * React writes a document in chunks of about 2 KB, and each became a write
 * through the web stream, the response and remix-serve's gzip middleware: a
 * signed-in lobby of ~190 KB cost 15 ms more CPU gzipped than not
 * (docs/benchmarks.md). The chunks written in one turn of the event loop go
 * on as one, so streaming still sends what React has when it pauses.
 */
export function coalescingStream(): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const stream: Transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          release();
        });
      }
      callback();
    },
    flush(callback) {
      release();
      callback();
    },
  });
  function release() {
    if (pending.length === 0) return;
    const joined = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    stream.push(joined);
  }
  return stream;
}

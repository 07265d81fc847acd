// ---- files read lazily, chunk by chunk (the sql tool's database) ------------------------------------
// agent_py.data.file_path asks for a file that the pipeline also wrote as fixed-size chunks (info: its
// index.json: bytes, chunk, count, prefix): it becomes a read-only file in Pyodide's file system whose reads
// fetch only the chunks they touch, each once, with a synchronous request (allowed in a worker; Python
// waits for its read anyway), as phiresky's sql.js-httpvfs reads a database. Chunks are plain files, so
// any static host serves them, and the service worker keeps each one that passes (offline it answers 503
// for one it does not have). A chunk that cannot be had fails the read with EIO: SQLite then reports a
// disk I/O error, which the tool turns into words. After index.json's "scan" chunks missed one after
// another (a scan), the reader takes the run of 16 chunks holding the next one in one request (index.json's
// "run"): a full scan of Batting is ~30 requests instead of ~500. chunkStats counts what was fetched (the tests and the bench).
export const chunkStats = { requests: 0, bytes: 0, urls: [], failures: 0 };
self.agentChunkStats = chunkStats; // agent_py.data.chunk_failures reads it

function fetchChunk(url) {
  const xhr = new XMLHttpRequest();
  xhr.open("GET", url, false);
  xhr.responseType = "arraybuffer";
  xhr.send();
  if (xhr.status !== 200) throw new Error(`HTTP ${xhr.status}`);
  return new Uint8Array(xhr.response);
}

export function mountChunked(FS, name, base, info, read = fetchChunk) {
  const dir = "/chunked";
  const path = `${dir}/${name}`;
  if (FS.analyzePath(path).exists) return path;
  FS.mkdirTree(dir);
  const chunks = new Map();
  const perRun = info.run ? info.run / info.chunk : 0;
  let lastMiss = -2;
  let streak = 0; // chunks missed one after another: a scan
  const fetched = (url, expected) => {
    try {
      const bytes = read(url);
      if (bytes.length !== expected) throw new Error(`${url}: ${bytes.length} bytes, not ${expected}`);
      chunkStats.requests += 1;
      chunkStats.bytes += bytes.length;
      chunkStats.urls.push(url);
      return bytes;
    } catch {
      chunkStats.failures += 1;
      throw new FS.ErrnoError(29); // EIO
    }
  };
  const chunk = (n) => {
    let bytes = chunks.get(n);
    if (bytes) return bytes;
    streak = n === lastMiss + 1 ? streak + 1 : 0;
    lastMiss = n;
    if (perRun && streak >= info.scan) { // a scan: the run of 16 chunks holding this one, in one request
      const r = Math.floor(n / perRun);
      const start = r * info.run;
      const run = fetched(`${base}${info.prefix}r${String(r).padStart(3, "0")}.bin`,
                          Math.min(info.run, info.bytes - start));
      for (let at = 0; at < run.length; at += info.chunk) {
        const k = r * perRun + at / info.chunk;
        if (!chunks.has(k)) chunks.set(k, run.subarray(at, at + info.chunk));
      }
      lastMiss = r * perRun + perRun - 1; // the next miss past this run goes on the streak
      return chunks.get(n);
    }
    const expected = n === info.count - 1 ? info.bytes - n * info.chunk : info.chunk;
    bytes = fetched(`${base}${info.prefix}${String(n).padStart(4, "0")}.bin`, expected);
    chunks.set(n, bytes);
    return bytes;
  };
  const node = FS.createFile(dir, name, null, true, false);
  node.contents = { length: info.bytes }; // not in memory: reads go through read() below
  node.usedBytes = info.bytes;
  node.stream_ops = {
    ...node.stream_ops,
    read(stream, buffer, offset, length, position) {
      const end = Math.min(info.bytes, position + length);
      let at = position;
      while (at < end) {
        const n = Math.floor(at / info.chunk);
        const from = at - n * info.chunk;
        const bytes = chunk(n);
        const take = Math.min(bytes.length - from, end - at);
        buffer.set(bytes.subarray(from, from + take), offset + (at - position));
        at += take;
      }
      return Math.max(0, end - position);
    },
    write() { throw new FS.ErrnoError(63); }, // EROFS
    mmap() { throw new FS.ErrnoError(19); }, // ENODEV: SQLite reads instead
  };
  return path;
}

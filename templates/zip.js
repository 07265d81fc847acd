// The agent's files, into Pyodide's file system. build.py stores them uncompressed in the zip (the
// server's .br and .gz copies compress it), so its directory says where each file's bytes are: writing
// them from here takes ~3 ms, where pyodide.unpackArchive (Python's zipfile) takes ~19. A zip of any
// other kind goes to unpackArchive.
export function unpackAgent(pyodide, buffer) { // exported for tests/test_pyodide.py
  let files = null;
  try {
    files = storedFiles(buffer);
  } catch { /* not a zip as build.py writes it */ }
  if (!files) {
    pyodide.unpackArchive(buffer, "zip");
    return;
  }
  const home = pyodide.FS.cwd();
  for (const [name, data] of files) {
    const path = `${home}/${name}`;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, data);
  }
}

// [[name, bytes], ...] from a zip whose entries are all stored, or null.
function storedFiles(buffer) {
  const view = new DataView(buffer);
  const bytes = new Uint8Array(buffer);
  const decoder = new TextDecoder();
  const end = buffer.byteLength - 22; // the directory's end record (with no comment, as build.py writes it)
  if (view.getUint32(end, true) !== 0x06054b50) return null;
  const files = [];
  let at = view.getUint32(end + 16, true); // the directory's first entry
  for (let left = view.getUint16(end + 10, true); left > 0; left--) {
    if (view.getUint32(at, true) !== 0x02014b50 || view.getUint16(at + 10, true) !== 0) return null; // not stored
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const local = view.getUint32(at + 42, true); // the file's own header, then its bytes
    if (view.getUint32(local, true) !== 0x04034b50 || name.startsWith("/") || name.split("/").includes("..")) return null;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + size > buffer.byteLength) return null;
    if (!name.endsWith("/")) files.push([name, bytes.subarray(start, start + size)]);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return files;
}

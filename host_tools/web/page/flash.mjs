// The board's flash in the browser: the Emscripten folder /flash, mirrored
// file by file to IndexedDB, so that a reload, a closed tab or a phone that
// sleeps keeps everything the firmware confirmed.
//
// The port has no IDBFS, so this does its work: `restore` copies the stored
// files into the folder before the firmware boots; from then on every
// change the firmware makes there (open for writing, write, rename, unlink,
// mkdir, rmdir) is noted, and `sync` stores the noted paths in one
// IndexedDB transaction. The page calls it after each poll that changed
// anything, and shows the new picture only once it has completed: what the
// screen calls done is in the browser's storage, as on the board it is on
// flash.
//
// Each slate has a database of its own: the page's own slate "ardoise", and
// a phone enrolled at an evening one per evening and table's user, so that
// a phone's matches of another evening (or of home) are never sent to this
// one, and are still there afterwards.

export const DATABASE = "ardoise";
const STORE = "flash";
const WRITES = 1 | 2 | 64 | 512; // O_WRONLY | O_RDWR | O_CREAT | O_TRUNC

function request(operation) {
  return new Promise((resolve, reject) => {
    operation.onsuccess = () => resolve(operation.result);
    operation.onerror = () => reject(operation.error);
  });
}

export class Flash {
  constructor(FS, resolve, root, database = DATABASE) {
    this.FS = FS;
    this.database = database;
    this.resolve = resolve; // a path as an absolute one (Emscripten's PATH_FS.resolve)
    this.root = root;
    this.touched = new Set();
    this.db = null;
    this.error = null; // why the browser's storage is not used, if it is not
    this.pending = 0;
  }

  inside(path) {
    return path === this.root || path.startsWith(this.root + "/");
  }

  touch(path) {
    path = this.resolve(path);
    if (this.inside(path)) this.touched.add(path);
  }

  async open() {
    try {
      const opening = indexedDB.open(this.database, 1);
      opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
      this.db = await request(opening);
    } catch (error) {
      this.error = String(error && error.message ? error.message : error);
    }
  }

  // Copy the stored flash into the folder, then start noting changes.
  async restore() {
    const FS = this.FS;
    FS.mkdirTree(this.root);
    if (this.db) {
      try {
        const store = this.db.transaction(STORE, "readonly").objectStore(STORE);
        const [keys, values] = await Promise.all([
          request(store.getAllKeys()),
          request(store.getAll()),
        ]);
        const order = keys.map((key, index) => [key, values[index]]);
        order.sort((a, b) => (a[0] < b[0] ? -1 : 1)); // a folder before what it holds
        for (const [path, entry] of order) {
          if (!this.inside(path)) continue;
          if (entry.folder) FS.mkdirTree(path);
          else {
            FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
            FS.writeFile(path, entry.data);
          }
        }
      } catch (error) {
        this.error = String(error && error.message ? error.message : error);
      }
    }
    this.watch();
  }

  watch() {
    const FS = this.FS;
    const flash = this;
    const open = FS.open;
    FS.open = function (path, flags, ...rest) {
      const stream = open.call(this, path, flags, ...rest);
      const numeric = typeof flags === "string" ? (flags === "r" ? 0 : WRITES) : flags;
      if (numeric & WRITES) flash.touch(stream.path);
      return stream;
    };
    const write = FS.write;
    FS.write = function (stream, ...rest) {
      flash.touch(stream.path);
      return write.call(this, stream, ...rest);
    };
    for (const name of ["unlink", "rmdir", "mkdir", "truncate"]) {
      const original = FS[name];
      FS[name] = function (path, ...rest) {
        if (typeof path === "string") flash.touch(path);
        return original.call(this, path, ...rest);
      };
    }
    const rename = FS.rename;
    FS.rename = function (from, to) {
      flash.touch(from);
      flash.touch(to);
      return rename.call(this, from, to);
    };
  }

  // Store every noted path as it is now (a file, a folder, or gone) in one
  // transaction; resolves once the browser has committed it.
  sync() {
    if (this.touched.size === 0) return Promise.resolve();
    const paths = [...this.touched].sort();
    this.touched.clear();
    if (!this.db) return Promise.resolve();
    const FS = this.FS;
    let transaction;
    try {
      transaction = this.db.transaction(STORE, "readwrite", { durability: "strict" });
    } catch (error) {
      this.error = String(error && error.message ? error.message : error);
      return Promise.resolve();
    }
    const store = transaction.objectStore(STORE);
    const put = (path) => {
      const found = FS.analyzePath(path);
      if (!found.exists) {
        // gone, and whatever was under it
        store.delete(path);
        store.delete(IDBKeyRange.bound(path + "/", path + "/\uffff"));
      } else if (FS.isDir(found.object.mode)) {
        store.put({ folder: true }, path);
        for (const name of FS.readdir(path)) {
          if (name !== "." && name !== "..") put(path + "/" + name);
        }
      } else {
        store.put({ data: FS.readFile(path) }, path);
      }
    };
    for (const path of paths) put(path);
    this.pending++;
    const done = new Promise((resolve) => {
      const finish = () => {
        this.pending--;
        resolve();
      };
      transaction.oncomplete = finish;
      transaction.onabort = transaction.onerror = () => {
        this.error = String(transaction.error || "the browser refused to store the slate");
        finish();
      };
    });
    if (transaction.commit) transaction.commit();
    return done;
  }

  // Every stored file under the flash, as {path: Uint8Array} (tests).
  files(folder = this.root) {
    const FS = this.FS;
    const found = {};
    const walk = (path) => {
      for (const name of FS.readdir(path)) {
        if (name === "." || name === "..") continue;
        const child = path + "/" + name;
        if (FS.isDir(FS.stat(child).mode)) walk(child);
        else found[child] = FS.readFile(child);
      }
    };
    if (FS.analyzePath(folder).exists) walk(folder);
    return found;
  }
}

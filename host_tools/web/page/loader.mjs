// The board in the page (and in node): MicroPython's WebAssembly port with
// the firmware's .mpy files, host_tools/standin's machine and panel, and
// webboard.mpy, the glue that plays main.py's part (host_tools/web/webboard.py).

// Emscripten's filesystem holds the code under /fw and the board's flash
// under /flash (mirrored to the browser's storage by flash.js).
export const CODE = "/fw";
export const FLASH = "/flash";
export const ROOT = FLASH + "/data"; // the slate's folder, as data/ beside main.py

export async function loadBoard({ loadMicroPython, files, read, stdout, stderr, heapsize }) {
  const mp = await loadMicroPython({
    heapsize: heapsize || 256 * 1024,
    stdout: stdout || ((line) => console.log(line)),
    stderr: stderr || ((line) => console.error(line)),
    linebuffer: true,
  });
  const contents = await Promise.all(files.map((name) => read(name)));
  files.forEach((name, index) => {
    const path = CODE + "/" + name.replace(/^fw\//, "");
    mp.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    mp.FS.writeFile(path, contents[index]);
  });
  mp.FS.mkdirTree(FLASH);
  mp.runPython("import sys\nsys.path.insert(0, '" + CODE + "')");
  const webboard = mp.pyimport("webboard");
  return { mp, webboard };
}

// The panel's memory as the glue's frame: {on, pages, contrast, memory}
// (memory: MONO_VLSB, byte page * 128 + x holds pixels x, 8 * page ... + 7).
export function readPanel(mp, webboard, address) {
  const state = webboard.panel_state();
  const pages = (state >> 1) & 0x0f;
  const memory = new Uint8Array(pages * 128);
  for (let index = 0; index < memory.length; index++) {
    memory[index] = mp._module.getValue(address + index, "i8") & 0xff;
  }
  return { on: (state & 1) === 1, pages, contrast: state >> 8, memory };
}

// step()'s answer (webboard.CHANGED, ASLEEP, CRASHED, KEYS).
export const CHANGED = 1;
export const ASLEEP = 2;
export const CRASHED = 4;
export const KEYS = 8; // a press or a bounce under way: poll every POLL_MS

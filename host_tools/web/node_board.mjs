// The page's board in node, for `make bench` and the tests that need no
// browser: the same built folder (build/web), driven by JSON lines.
//
//     node node_board.mjs BUILD_FOLDER
//
// Each line on stdin is a command, answered by one JSON line on stdout
// (the firmware's console goes to stderr):
//
//     {"cmd": "start", "height": 64, "buttons": 4}   boot on a fresh flash
//     {"cmd": "press", "key": "ok", "ms": 80, "gap": 80}
//                                           held `ms`, then `gap` without a key;
//                                           answers the heap in use after a
//                                           collection: {"heap": bytes}, as
//                                           "start" does
//     {"cmd": "wait", "ms": 3000}
//     {"cmd": "probe"}                      the top screen (webboard.probe)
//     {"cmd": "frame"}                      {"on", "pages", "memory": hex}
//     {"cmd": "read", "path": "match.jsonl"}  a file of the slate's folder, hex
//
// Time moves only with the commands, the firmware's poll a step, as in the tests' harness.
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import url from "node:url";

const folder = path.resolve(process.argv[2]);
const { loadBoard, readPanel, ROOT } = await import(
  url.pathToFileURL(path.join(folder, "loader.mjs"))
);
const { loadMicroPython } = await import(url.pathToFileURL(path.join(folder, "micropython.mjs")));
const manifest = JSON.parse(fs.readFileSync(path.join(folder, "files.json"), "utf8"));
const console_ = (line) => process.stderr.write(line + "\n");
const { mp, webboard } = await loadBoard({
  loadMicroPython,
  files: manifest.board,
  read: async (name) => fs.readFileSync(path.join(folder, name)),
  stdout: console_,
  stderr: console_,
});

let address = 0;
let polls = null; // App.run's naps, the firmware's own: asked after start
function steps(ms) {
  let flags = 0;
  const poll = polls.awake;
  for (let done = 0; done + poll <= ms; done += poll) flags = webboard.step(poll);
  return flags;
}
const commands = {
  start({ height, buttons }) {
    const flags = webboard.start(height || 64, ROOT, buttons || 4);
    polls = JSON.parse(webboard.polls());
    address = webboard.panel_address();
    return { flags, heap: webboard.collect(), polls };
  },
  press({ key, ms, gap }) {
    webboard.press(key, 1);
    steps(ms);
    webboard.press(key, 0);
    const flags = steps(gap);
    return { flags, heap: webboard.collect() };
  },
  wait({ ms }) {
    return { flags: steps(ms) };
  },
  probe() {
    return JSON.parse(webboard.probe());
  },
  frame() {
    const panel = readPanel(mp, webboard, address);
    return { on: panel.on, pages: panel.pages, memory: Buffer.from(panel.memory).toString("hex") };
  },
  read({ path: name }) {
    try {
      return { data: Buffer.from(mp.FS.readFile(ROOT + "/" + name)).toString("hex") };
    } catch {
      return { data: null }; // no such file
    }
  },
};

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  let answer;
  try {
    const command = JSON.parse(line);
    answer = commands[command.cmd](command);
  } catch (error) {
    answer = { error: String(error && error.stack ? error.stack : error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}

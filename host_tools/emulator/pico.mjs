// An emulated Raspberry Pi Pico running MicroPython's official rp2 release,
// driven by host_tools/emulator/pico.py over stdin and stdout.
//
//   node pico.mjs '{"uf2": ..., "bootrom": ..., "image": ..., "skipBusy": true, "fastBus": false}'
//
// The RP2040 is rp2040js; this adds what a Pico has around it: the QSPI
// flash chip (flash.mjs: MicroPython's littlefs lives on it), the SSD1306 on
// I2C (panel.mjs), push buttons with the pads' pulls (buttons.mjs), and the
// USB cable (rp2040js's USBCDC, with the host NAKing reads while it has
// nothing to send, as a PC does, so that an idle board idles).
//
// Power-on loads the boot ROM, the flash image `image` if there is one,
// then the UF2's blocks over it (as flashing a UF2 keeps the filesystem),
// and starts at boot2 (PC = 0x10000000). A watchdog reset (machine.reset())
// powers the chip on again from its flash, as the reset does on a Pico.
//
// Time is the emulated clock at 125 MHz. `run` moves it by so many ms (the
// tests' scripted time, exact to the cycle); `pace` lets it run on its own,
// never ahead of the wall clock (mpremote, a person at the keys).
//
// Commands, one JSON object a line, each answered by {"id": ..., ...}:
//   run {ms, until?, instructions?, connected?}  run `ms` of emulated time,
//                        or until the board has printed `until` (base64), the
//                        instruction count is `instructions`, or (connected)
//                        its USB serial is up
//   pace / hold          run freely at wall-clock pace / only on `run`
//   serial {data}        bytes (base64) to the board's USB serial
//   press {gpio, level} / release {gpio}   a button
//   tap {gpio, level, ms, gap}   a button pressed for `ms` emulated ms, then
//                        released for `gap`; taps wait their turn
//   save {path}          write the flash (2 MiB) to a file
//   cut {fraction?}      the power goes: a program or erase in progress is
//                        left partly done; nothing runs any more
//   trap {operation, fraction}   cut the power as flash operation number
//                        `operation` (counted from 0) starts, `fraction` done;
//   trap {instructions}  cut it when the instruction count gets there
//   stats                clock, instructions, flash operations (and erases), I2C bytes
//   erased {since}       the emulated µs (since power-on) at which each erase
//                        since `since` µs began
//   quit
// Events, one JSON object a line: {"ev": "serial", "data"} (base64, what the
// board printed), {"ev": "i2c", "t", "data"} (hex, one write to the panel,
// `t` the emulated µs at its stop), {"ev": "connected"}, {"ev": "reset"},
// {"ev": "cut", ...} (a trap went off).

import fs from 'fs';
import readline from 'readline';
import { RP2040, USBCDC } from '../../node_modules/rp2040js/dist/esm/index.js';
import { Buttons } from './buttons.mjs';
import { FLASH_SIZE, QSPIFlash } from './flash.mjs';
import { PanelOnI2C } from './panel.mjs';

const FLASH_BASE = 0x10000000;
const UF2_MAGIC = [0x0a324655, 0x9e5d5157, 0x0ab16f30];
const PANEL_BUS = 0;
const PANEL_ADDRESS = 0x3c;
// Paced: the CPU runs flat out while it has work, but idle time (WFE/WFI,
// which the emulator skips) passes no faster than the wall clock's, so a
// board left alone costs next to nothing and its timers (the screen's sleep)
// run in real time; a burst of work may leave emulated time ahead, which it
// keeps (a flash erase's 45 ms do not make a deploy wait for them).
const SLICE_INSTRUCTIONS = 300000; // paced: at most this many between looks at stdin
const IDLE_CARRY_NS = 50e6; // paced: idle time owed at most, after a slow slice

function send(message) {
  process.stdout.write(JSON.stringify(message) + '\n');
}

const logger = {
  errors: 0,
  debug() {},
  info() {},
  warn() {},
  error(component, message) {
    this.errors += 1;
    if (this.errors <= 20) process.stderr.write(`rp2040js [${component}] ${message}\n`);
  },
};

export function readUF2(path) {
  const data = fs.readFileSync(path);
  const blocks = [];
  for (let offset = 0; offset + 512 <= data.length; offset += 512) {
    const view = new DataView(data.buffer, data.byteOffset + offset, 512);
    const magic = [view.getUint32(0, true), view.getUint32(4, true), view.getUint32(508, true)];
    if (magic.some((value, i) => value !== UF2_MAGIC[i])) {
      throw new Error(`${path}: block ${offset / 512} is not a UF2 block`);
    }
    const address = view.getUint32(12, true);
    const size = view.getUint32(16, true);
    if (address < FLASH_BASE || address + size > FLASH_BASE + FLASH_SIZE || size > 476) {
      throw new Error(`${path}: block ${offset / 512} is outside the Pico's flash`);
    }
    blocks.push([address - FLASH_BASE, data.subarray(offset + 32, offset + 32 + size)]);
  }
  if (!blocks.length) throw new Error(`${path}: no UF2 blocks`);
  return blocks;
}

// rp2040js looks for a peripheral before it looks at RAM on every write; the
// firmware's writes are nearly all to RAM: going there first makes the whole
// emulation a third faster and changes nothing else.
function fastRAM(mcu) {
  const start = 0x20000000;
  const end = start + mcu.sram.length - 3;
  const view = mcu.sramView;
  const read = mcu.readUint32.bind(mcu);
  const write = mcu.writeUint32.bind(mcu);
  mcu.readUint32 = (address) => {
    address >>>= 0;
    return address >= start && address < end ? view.getUint32(address - start, true) : read(address);
  };
  mcu.writeUint32 = (address, value) => {
    address >>>= 0;
    if (address >= start && address < end) view.setUint32(address - start, value, true);
    else write(address, value);
  };
}

class Board {
  constructor(options) {
    this.options = options;
    const rom = fs.readFileSync(options.bootrom);
    this.bootrom = new Uint32Array(rom.buffer, rom.byteOffset, rom.length / 4);
    this.uf2 = readUF2(options.uf2);
    this.flashBytes = new Uint8Array(FLASH_SIZE).fill(0xff);
    if (options.image && fs.existsSync(options.image)) {
      const image = fs.readFileSync(options.image);
      this.flashBytes.set(image.subarray(0, FLASH_SIZE));
    }
    for (const [offset, payload] of this.uf2) this.flashBytes.set(payload, offset);
    this.pressed = new Map(); // GPIO -> level, kept across resets (a finger stays)
    this.hostBytes = []; // bytes from the PC not yet taken by the board
    this.instructions = 0;
    this.i2cBytes = 0;
    this.operations = 0;
    this.erases = 0;
    this.eraseTimes = []; // emulated µs since power-on at which each erase began (the last ones)
    this.trap = null;
    this.dead = false; // the power was cut
    this.pacing = false;
    this.powerOn();
  }

  powerOn() {
    const mcu = new RP2040();
    mcu.logger = logger;
    fastRAM(mcu);
    mcu.loadBootrom(this.bootrom);
    mcu.flash.set(this.flashBytes);
    this.mcu = mcu;
    this.flash = new QSPIFlash(mcu, { skipBusy: this.options.skipBusy !== false });
    this.flash.onOperation = (operation) => this.flashOperation(operation);
    this.panel = new PanelOnI2C(mcu, PANEL_BUS, PANEL_ADDRESS, (address, bytes) => {
      this.i2cBytes += bytes.length + 1;
      send({ ev: 'i2c', t: mcu.clock.nanos / 1000, data: Buffer.from(bytes).toString('hex') });
    }, { fast: !!this.options.fastBus });
    // Every GPIO reads its pad's pull while nothing drives it, buttons or not.
    this.buttons = new Buttons(mcu);
    for (let gpio = 0; gpio < mcu.gpio.length; gpio++) this.buttons.watch(gpio);
    if (this.currentTap) this.pressed.delete(this.currentTap.gpio); // its release died with the chip
    this.currentTap = null;
    for (const [gpio, level] of this.pressed) this.buttons.press(gpio, level);
    this.resetRequested = false;
    this.connected = false;
    this.taps = []; // a reset lets go of the keys typed ahead
    this.tapping = false;
    mcu.peripherals[0x40058].onWatchdogTrigger = () => {
      this.resetRequested = true;
    };
    this.connectUSB();
    this.cycleNanos = 1e9 / 125e6;
    mcu.core.PC = FLASH_BASE;
  }

  connectUSB() {
    const usb = this.mcu.usbCtrl;
    const cdc = new USBCDC(usb);
    const answer = usb.onEndpointRead;
    this.waitingRead = null;
    // A PC answers a read with data or not at all (NAK): an empty answer
    // would have the board ask again every 10 µs, busy for ever.
    usb.onEndpointRead = (endpoint, size) => {
      if (endpoint === cdc.outEndpoint && !this.fillUSB(cdc)) {
        this.waitingRead = [endpoint, size];
        return;
      }
      answer(endpoint, size);
    };
    this.answerRead = answer;
    cdc.onDeviceConnected = () => {
      this.connected = true;
      send({ ev: 'connected' });
      if (this.untilConnected) this.stop = 'connected';
    };
    cdc.onSerialData = (data) => this.fromBoard(data);
    this.cdc = cdc;
  }

  // Move bytes waiting from the PC into the cable; true if any are there.
  fillUSB(cdc = this.cdc) {
    const fifo = cdc.txFIFO;
    let taken = 0;
    while (taken < this.hostBytes.length && !fifo.full) fifo.push(this.hostBytes[taken++]);
    if (taken) this.hostBytes.splice(0, taken);
    return !fifo.empty;
  }

  toBoard(bytes) {
    for (const byte of bytes) this.hostBytes.push(byte);
    if (this.waitingRead && this.fillUSB()) {
      const [endpoint, size] = this.waitingRead;
      this.waitingRead = null;
      this.answerRead(endpoint, size);
    }
  }

  fromBoard(data) {
    const bytes = Buffer.from(data);
    send({ ev: 'serial', data: bytes.toString('base64') });
    if (this.until) {
      this.printed = Buffer.concat([this.printed, bytes]);
      if (this.printed.includes(this.until)) this.stop = 'found';
      else if (this.printed.length > 4 * this.until.length + 4096) {
        this.printed = this.printed.subarray(this.printed.length - this.until.length);
      }
    }
  }

  // A finger on a button for `ms`, then off it for `gap`, in emulated time;
  // taps wait their turn.
  tap({ gpio, level = 0, ms = 80, gap = 80 }) {
    this.taps.push({ gpio, level, ms, gap });
    if (!this.tapping) this.nextTap();
  }

  nextTap() {
    const tap = this.taps.shift();
    this.tapping = !!tap;
    this.currentTap = tap || null;
    if (!tap) return;
    const { clock } = this.mcu;
    this.pressed.set(tap.gpio, !!tap.level);
    this.buttons.press(tap.gpio, tap.level);
    clock.createAlarm(() => {
      this.pressed.delete(tap.gpio);
      this.buttons.release(tap.gpio);
      this.currentTap = null;
      clock.createAlarm(() => this.nextTap()).schedule(tap.gap * 1e6);
    }).schedule(tap.ms * 1e6);
  }

  flashOperation(operation) {
    this.operations += 1;
    if (operation.kind === 'erase') {
      this.erases += 1;
      this.eraseTimes.push(this.mcu.clock.nanos / 1000);
      if (this.eraseTimes.length > 4096) this.eraseTimes.splice(0, 2048);
    }
    if (this.trap && this.trap.operation !== undefined && operation.index === this.trap.operation) {
      this.cutPower(this.trap.fraction);
      this.stop = 'cut';
    }
  }

  cutPower(fraction) {
    if (this.dead) return this.cutInfo;
    const cut = this.flash.cut(fraction);
    this.flashBytes.set(this.flash.image());
    this.dead = true;
    this.cutInfo = { ns: this.mcu.clock.nanos, instructions: this.instructions, operation: cut };
    send({ ev: 'cut', ...this.cutInfo });
    return this.cutInfo;
  }

  resetChip() {
    this.eraseTimes = []; // the new chip's clock starts at 0
    this.flashBytes.set(this.flash.image());
    this.powerOn();
    send({ ev: 'reset' });
  }

  // Execute until the clock reaches `target` ns, something stops it, the
  // instruction count reaches `budget`, or (paced) idle skipping has used up
  // `this.idleBudget` ns.
  runUntil(target, budget = Infinity) {
    let { mcu } = this;
    let core = mcu.core;
    let clock = mcu.clock;
    let sinceFeed = 0;
    while (!this.stop && !this.dead && clock.nanos < target && this.instructions < budget) {
      if (core.waiting) {
        const alarm = clock.nextAlarm;
        let step = alarm ? Math.min(alarm.nanos - clock.nanos, target - clock.nanos) : target - clock.nanos;
        if (this.pacing) {
          if (this.idleBudget <= 0) break;
          step = Math.min(step, this.idleBudget);
          this.idleBudget -= Math.max(step, 0);
        }
        clock.tick(Math.max(step, 0));
      } else {
        const cycles = core.executeInstruction();
        this.instructions += 1;
        let ns = cycles * this.cycleNanos;
        if (this.flash.skip) {
          ns += this.flash.skip;
          this.flash.skip = 0;
        }
        clock.tick(ns);
      }
      if (this.resetRequested) {
        const elapsed = clock.nanos;
        this.resetChip();
        // The new chip's clock starts at 0: keep the caller's target in step.
        target -= elapsed;
        ({ mcu } = this);
        core = mcu.core;
        clock = mcu.clock;
      }
      if (++sinceFeed >= 4096) {
        sinceFeed = 0;
        if (this.hostBytes.length) this.toBoard([]);
      }
    }
    return target;
  }

  run({ ms = 0, until = null, instructions = null, connected = false }) {
    this.stop = null;
    this.untilConnected = connected && !this.connected;
    this.until = until ? Buffer.from(until, 'base64') : null;
    this.printed = Buffer.alloc(0);
    const start = this.mcu.clock.nanos;
    const startInstructions = this.instructions;
    if (this.hostBytes.length) this.toBoard([]);
    const trap = this.trap?.instructions ?? Infinity;
    this.runUntil(start + ms * 1e6, Math.min(instructions ?? Infinity, trap));
    if (this.instructions >= trap && !this.dead) {
      this.cutPower();
      this.stop = 'cut';
    }
    const reason = this.stop || (this.dead ? 'dead' : 'time');
    this.until = null;
    this.untilConnected = false;
    this.stop = null;
    return {
      reason,
      found: reason === 'found',
      ns: this.mcu.clock.nanos - start,
      instructions: this.instructions - startInstructions,
      ...this.stats(),
    };
  }

  stats() {
    return {
      now_ns: this.mcu.clock.nanos,
      total_instructions: this.instructions,
      operations: this.operations,
      erases: this.erases,
      i2c_bytes: this.i2cBytes,
      errors: logger.errors,
      dead: this.dead,
    };
  }

  paceSlice() {
    if (!this.pacing || this.dead) return;
    const now = performance.now();
    this.idleBudget = Math.min(this.idleBudget + (now - this.lastWall) * 1e6, IDLE_CARRY_NS);
    this.lastWall = now;
    this.stop = null;
    this.runUntil(Infinity, this.instructions + SLICE_INSTRUCTIONS);
    this.stop = null;
    // Out of idle time: come back when some has passed; else at once.
    const idle = this.mcu.core.waiting && this.idleBudget <= 0;
    this.paceTimer = idle ? setTimeout(() => this.paceSlice(), 2) : setImmediate(() => this.paceSlice());
  }

  pace(on) {
    if (on === this.pacing) return;
    this.pacing = on;
    if (on) {
      this.lastWall = performance.now();
      this.idleBudget = 0;
      this.paceSlice();
    } else {
      clearTimeout(this.paceTimer);
      clearImmediate(this.paceTimer);
    }
  }
}

function handle(board, message) {
  switch (message.cmd) {
    case 'run':
      return board.run(message);
    case 'pace':
      board.pace(true);
      return {};
    case 'hold':
      board.pace(false);
      return {};
    case 'serial':
      board.toBoard(Buffer.from(message.data, 'base64'));
      return {};
    case 'press':
      board.pressed.set(message.gpio, !!message.level);
      board.buttons.press(message.gpio, message.level);
      return { t: board.mcu.clock.nanos / 1000 };
    case 'tap':
      board.tap(message);
      return {};
    case 'release':
      board.pressed.delete(message.gpio);
      board.buttons.release(message.gpio);
      return { t: board.mcu.clock.nanos / 1000 };
    case 'save':
      if (!board.dead) board.flashBytes.set(board.flash.image());
      // Written aside, then renamed: an interrupted save leaves the old image.
      fs.writeFileSync(message.path + '.part', board.flashBytes);
      fs.renameSync(message.path + '.part', message.path);
      return {};
    case 'cut':
      return board.cutPower(message.fraction);
    case 'trap':
      board.trap = message.instructions !== undefined
        ? { instructions: message.instructions }
        : { operation: message.operation, fraction: message.fraction };
      return {};
    case 'stats':
      return board.stats();
    case 'erased':
      return { us: board.eraseTimes.filter((t) => t >= message.since) };
    case 'quit':
      process.exit(0);
  }
  throw new Error(`unknown command ${message.cmd}`);
}

function main() {
  const options = JSON.parse(process.argv[2] || '{}');
  const board = new Board(options);
  const lines = readline.createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    if (!line.trim()) return;
    let message;
    try {
      message = JSON.parse(line);
      send({ id: message.id, ...handle(board, message) });
    } catch (error) {
      send({ id: message?.id, error: String(error?.stack || error) });
    }
  });
  lines.on('close', () => process.exit(0));
  if (options.pace) board.pace(true);
}

main();


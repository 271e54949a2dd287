// The Pico's QSPI flash chip (a 2 MiB W25Q16JV) behind the RP2040's SSI.
//
// rp2040js reads the flash straight from `mcu.flash` for XIP, but its SSI is
// a stub: nothing the firmware sends by SPI reaches the chip, so MicroPython's
// littlefs could not be written. This model replaces the SSI and IO_QSPI
// register blocks and interprets the byte stream the boot ROM's flash
// functions send (pico-bootrom program_flash_generic.c, called by the SDK's
// flash_range_erase/program): chip select forced through IO_QSPI's SS_CTRL
// output override, one byte in and one out per DR0 access, then
//
//   06 write enable, 04 write disable, 05/35/15 read status 1/2/3,
//   01/31 write status, 02 page program (256 B, wraps in the page, only
//   clears bits), 20/52/D8 erase 4/32/64 KiB, C7/60 chip erase,
//   03/0B read (the boot ROM loads boot2 so), 9F JEDEC id, 4B unique id;
//   anything else, and every command but a status read while busy, is ignored.
//
// A program or erase starts when chip select rises after it, needs the write
// enable latch, and keeps the chip busy for its typical time (datasheet):
// status polls see BUSY until then. `skipBusy` lets the clock jump to the end
// of the busy time at the first poll (the CPU would only spin), so a run is
// fast while emulated time stays right. A power cut while busy (`cut()`)
// leaves the operation partly done: the first part of the range written or
// erased, the rest as it was.
//
// With chip select under the SSI's control (boot2's own commands), a
// transfer ends when the firmware polls SR for the FIFO to drain.

import { BasePeripheral } from '../../node_modules/rp2040js/dist/esm/index.js';

export const FLASH_SIZE = 2 * 1024 * 1024;
const JEDEC_ID = [0xef, 0x40, 0x15];
const UNIQUE_ID = [0xe6, 0x61, 0x38, 0x10, 0x4b, 0x2c, 0x31, 0x2a];
// Typical busy times, ns (Winbond W25Q16JV datasheet, section 9.6).
const BUSY_NS = { program: 400e3, 0x20: 45e6, 0x52: 120e6, 0xd8: 150e6, 0xc7: 5e9, status: 10e6 };
const ERASE_SIZE = { 0x20: 4096, 0x52: 32768, 0xd8: 65536, 0xc7: FLASH_SIZE, 0x60: FLASH_SIZE };

// SSI registers (RP2040 datasheet 4.10.13)
const CTRLR0 = 0x00;
const SSIENR = 0x08;
const SER = 0x10;
const TXFLR = 0x20;
const RXFLR = 0x24;
const SR = 0x28;
const DR0 = 0x60;
const SR_TFNF = 1 << 1;
const SR_TFE = 1 << 2;
const SR_RFNE = 1 << 3;
const RX_DEPTH = 16;
// IO_QSPI: SS_CTRL's output override, [9:8]
const SS_CTRL = 0x0c;
const OUTOVER_NORMAL = 0;
const OUTOVER_LOW = 2;

export class QSPIFlash {
  constructor(mcu, { skipBusy = true } = {}) {
    this.mcu = mcu;
    this.memory = mcu.flash;
    this.skipBusy = skipBusy;
    this.selected = false; // chip select asserted (low)
    this.command = []; // bytes of the transfer so far
    this.wel = false; // write enable latch
    this.busyUntil = 0; // clock ns
    this.pending = null; // the program or erase in progress: {address, before, started, ends}
    this.skip = 0; // ns the runner adds to the clock after this instruction
    this.operations = 0; // programs and erases done
    this.onOperation = null; // called with the operation, as it starts
    this.rx = [];
    this.regs = new Map();
    this.ssCtrl = 0;
    this.qspiRegs = new Uint32Array(0x40 / 4);
    const flash = this;
    class SSI extends BasePeripheral {
      readUint32(offset) {
        return flash.ssiRead(offset);
      }
      writeUint32(offset, value) {
        flash.ssiWrite(offset, value);
      }
    }
    class IOQSPI extends BasePeripheral {
      readUint32(offset) {
        return offset < 0x40 ? flash.qspiRegs[offset >> 2] : 0;
      }
      writeUint32(offset, value) {
        if (offset >= 0x40) return;
        flash.qspiRegs[offset >> 2] = value;
        if (offset === SS_CTRL) flash.setOutover((value >> 8) & 3);
      }
    }
    mcu.peripherals[0x18000] = new SSI(mcu, 'SSI');
    mcu.peripherals[0x40018] = new IOQSPI(mcu, 'IO_QSPI_BASE');
  }

  get now() {
    return this.mcu.clock.nanos;
  }

  // -- the SSI -------------------------------------------------------------

  ssiRead(offset) {
    switch (offset) {
      case TXFLR:
        return 0; // every byte goes out at once
      case RXFLR:
        return this.rx.length;
      case SR:
        if (this.outover === OUTOVER_NORMAL) this.deselect();
        return SR_TFNF | SR_TFE | (this.rx.length ? SR_RFNE : 0);
      case DR0:
        return this.rx.length ? this.rx.shift() : 0;
      case 0x58: // IDR
        return 0x51535049;
      case 0x5c: // SSI_VERSION_ID
        return 0x3430312a;
    }
    if (offset >= 0x2c && offset <= 0x48) return 0; // interrupt status, clear-on-read
    return this.regs.get(offset) ?? 0;
  }

  ssiWrite(offset, value) {
    if (offset === DR0) {
      this.exchange(value);
      return;
    }
    this.regs.set(offset, value >>> 0);
    if (offset === SSIENR) {
      // Disabling the SSI empties its FIFOs and ends any transfer it drove.
      this.rx.length = 0;
      if (this.outover === OUTOVER_NORMAL) this.deselect();
    }
  }

  get outover() {
    return (this.ssCtrl >> 8) & 3;
  }

  setOutover(over) {
    const was = this.outover;
    this.ssCtrl = over << 8;
    if (over === was) return; // no edge on the pin
    this.deselect();
    if (over === OUTOVER_LOW) this.selected = true;
  }

  // 8-bit standard SPI frames: the only ones whose bytes this model reads.
  get byteFrames() {
    const ctrlr0 = this.regs.get(CTRLR0) ?? 0;
    const frameBits = ((ctrlr0 >> 16) & 0x1f) + 1;
    const format = (ctrlr0 >> 21) & 3;
    return frameBits === 8 && format === 0;
  }

  exchange(value) {
    let out = 0;
    const over = this.outover;
    if (over === OUTOVER_LOW || over === OUTOVER_NORMAL) {
      if (over === OUTOVER_NORMAL && !this.selected) {
        this.selected = (this.regs.get(SER) ?? 0) & 1 ? true : false;
      }
      if (this.selected) out = this.byteFrames ? this.clock(value & 0xff) : 0;
    }
    if (this.rx.length < RX_DEPTH) this.rx.push(out);
  }

  // -- the chip --------------------------------------------------------------

  get busy() {
    return this.now < this.busyUntil;
  }

  status1() {
    if (this.busy && this.skipBusy) {
      this.skip += this.busyUntil - this.now;
      this.busyUntil = this.now;
    }
    const busy = this.now + this.skip < this.busyUntil;
    if (!busy) this.pending = null;
    return (busy ? 1 : 0) | (this.wel ? 2 : 0);
  }

  // One byte in, the byte out in the same slot.
  clock(byte) {
    const bytes = this.command;
    bytes.push(byte);
    const index = bytes.length - 1;
    const command = bytes[0];
    if (index === 0) return 0;
    if (this.busy && command !== 0x05 && command !== 0x35 && command !== 0x15) return 0xff;
    switch (command) {
      case 0x05:
        return this.status1();
      case 0x35:
        return 0x02; // QE set, as boot2 leaves a Pico's flash
      case 0x15:
        return 0x60;
      case 0x9f:
        return JEDEC_ID[(index - 1) % 3];
      case 0x4b:
        return index <= 4 ? 0 : UNIQUE_ID[(index - 5) % 8];
      case 0x03:
      case 0x0b: {
        const first = command === 0x03 ? 4 : 5;
        if (index < first) return 0;
        const address = ((bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) + index - first;
        return this.memory[address & (FLASH_SIZE - 1)];
      }
    }
    return 0;
  }

  deselect() {
    if (!this.selected) return;
    this.selected = false;
    const bytes = this.command;
    this.command = [];
    if (!bytes.length || this.busy) return;
    const command = bytes[0];
    const address = ((bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) & (FLASH_SIZE - 1);
    switch (command) {
      case 0x06:
        this.wel = true;
        return;
      case 0x04:
        this.wel = false;
        return;
      case 0x01:
      case 0x31:
        if (this.wel) this.start(null, BUSY_NS.status);
        return;
      case 0x02:
        if (this.wel && bytes.length > 4) this.program(address, bytes.slice(4));
        return;
      case 0x20:
      case 0x52:
      case 0xd8:
        if (this.wel && bytes.length >= 4) this.erase(address, ERASE_SIZE[command], BUSY_NS[command]);
        return;
      case 0xc7:
      case 0x60:
        if (this.wel) this.erase(0, FLASH_SIZE, BUSY_NS[0xc7]);
        return;
    }
  }

  program(address, data) {
    const page = address & ~0xff;
    // A page program past 256 bytes keeps the last 256; addresses wrap in the page.
    const tail = data.slice(-256);
    const before = this.memory.slice(page, page + 256);
    const after = before.slice();
    const start = data.length > 256 ? 0 : address & 0xff;
    for (let i = 0; i < tail.length; i++) after[(start + i) & 0xff] &= tail[i];
    this.memory.set(after, page);
    this.start({ kind: 'program', address: page, before, after }, BUSY_NS.program);
  }

  erase(address, size, ns) {
    const base = address & ~(size - 1);
    const before = this.memory.slice(base, base + size);
    this.memory.fill(0xff, base, base + size);
    this.start({ kind: 'erase', address: base, before, after: null }, ns);
  }

  start(operation, ns) {
    this.wel = false;
    this.busyUntil = this.now + ns;
    if (!operation) return;
    operation.started = this.now;
    operation.ends = this.busyUntil;
    operation.index = this.operations++;
    this.pending = operation;
    if (this.onOperation) this.onOperation(operation);
  }

  // The power goes: an operation still in progress is left `fraction` done
  // (by default as far as its time has gone).
  cut(fraction) {
    const op = this.pending;
    if (!op || (fraction === undefined && !this.busy)) return null;
    const done = fraction ?? (this.now - op.started) / (op.ends - op.started);
    const length = op.before.length;
    const edge = Math.max(0, Math.min(length, Math.floor(length * done)));
    // Bytes past the edge are as they were before the operation began.
    this.memory.set(op.before.subarray(edge), op.address + edge);
    this.pending = null;
    return { kind: op.kind, address: op.address, index: op.index, fraction: done };
  }

  image() {
    return this.memory.subarray(0, FLASH_SIZE);
  }
}

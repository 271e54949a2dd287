// The SSD1306 on the emulated I2C bus: it acknowledges its address and hands
// each write transaction, whole, to `onWrite(address, bytes)`. Decoding is
// done on the PC by host_tools/standin/panel.py, the decoder the
// simulator and the virtual board use, so that there is one model of what
// the glass shows.
//
// The bus takes its real time: 9 clocks per byte (address included) and one
// for start and stop, at the SCL period the firmware programmed (400 kHz on
// the Pico's board file), so that a frame's cost shows in emulated time.
// `fast` (the tests, not the bench) runs it at FAST_BIT_NS a clock: the CPU
// then waits a few instructions where it waited some 30 per byte's bit.

import { I2CMode } from '../../node_modules/rp2040js/dist/esm/index.js';

const FAST_BIT_NS = 16; // two cycles at 125 MHz

export class PanelOnI2C {
  constructor(mcu, bus, address, onWrite, { fast = false } = {}) {
    this.mcu = mcu;
    this.fast = fast;
    this.i2c = mcu.i2c[bus];
    this.address = address;
    this.onWrite = onWrite;
    this.bytes = null; // the transaction to the panel in progress
    this.sent = 0; // bytes written to the panel, address bytes included
    const i2c = this.i2c;
    const later = (bits, done) => {
      const alarm = mcu.clock.createAlarm(done);
      alarm.schedule(bits * this.bitNanos());
    };
    i2c.onStart = () => later(1, () => i2c.completeStart());
    i2c.onConnect = (target, mode) => {
      // Reads are acknowledged too (scan() probes so); only writes are kept.
      const ours = target === this.address;
      if (ours && mode === I2CMode.Write) this.bytes = [];
      this.sent += 1;
      later(9, () => i2c.completeConnect(ours));
    };
    i2c.onWriteByte = (value) => {
      if (this.bytes) this.bytes.push(value);
      this.sent += 1;
      later(9, () => i2c.completeWrite(true));
    };
    i2c.onReadByte = () => later(9, () => i2c.completeRead(0x00)); // status: nothing to say
    i2c.onStop = () => {
      const bytes = this.bytes;
      this.bytes = null;
      if (bytes && bytes.length) this.onWrite(this.address, Uint8Array.from(bytes));
      later(1, () => i2c.completeStop());
    };
  }

  bitNanos() {
    if (this.fast) return FAST_BIT_NS;
    const { i2c, mcu } = this;
    const cycles = (i2c.sclHighPeriod || 0) + (i2c.sclLowPeriod || 0);
    return cycles > 0 ? (cycles * 1e9) / mcu.clkSys : 2500;
  }
}

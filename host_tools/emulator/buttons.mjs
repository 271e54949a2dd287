// Push buttons between a GPIO and ground (or 3V3), as boards/*.py wire them.
//
// rp2040js leaves an input at 0 unless something drives it; a real pin with
// nothing pressed reads what its pull resistor gives. So each button pin
// follows its pad: released, it reads 1 with the pull-up on, 0 with the
// pull-down on, and (floating) 0 with neither, which a board with a missing
// pull-up would show as a button held; pressed, it reads the level the
// button connects it to.

export class Buttons {
  constructor(mcu) {
    this.mcu = mcu;
    this.pressed = new Map(); // GPIO -> level while pressed
    this.watched = new Set();
  }

  level(index) {
    const pin = this.mcu.gpio[index];
    if (this.pressed.has(index)) return this.pressed.get(index);
    if (pin.pullupEnabled && !pin.pulldownEnabled) return true;
    return false;
  }

  refresh(index) {
    const pin = this.mcu.gpio[index];
    const level = this.level(index);
    if (pin.rawInputValue !== level) pin.setInputValue(level);
  }

  // Watch the pad of GPIO `index`: its pull decides the level while released.
  watch(index) {
    if (this.watched.has(index)) return;
    this.watched.add(index);
    this.mcu.gpio[index].addListener(() => this.refresh(index));
    this.refresh(index);
  }

  press(index, level) {
    this.watch(index);
    this.pressed.set(index, !!level);
    this.refresh(index);
  }

  release(index) {
    this.watch(index);
    this.pressed.delete(index);
    this.refresh(index);
  }
}

import { describe, expect, it } from 'vitest';
import {
  MAX_FRAME_MS,
  REPLAY_SPEEDS,
  ReplayClock,
} from '../../../src/renderer/src/features/history/replay-clock';

const HOUR = 3_600_000;

describe('replay clock', () => {
  it.each(REPLAY_SPEEDS)('advances %i× as much track time as wall time passes', (speed) => {
    const clock = new ReplayClock(0, 1000 * HOUR, speed);
    clock.play(10_000);
    let wall = 10_000;
    // Uneven frame gaps: the mapping depends on wall time, not on how many frames ran.
    for (const gap of [16, 17, 33, 8, 16, 250]) {
      wall += gap;
      clock.tick(wall);
    }
    expect(clock.time).toBe((wall - 10_000) * speed);
  });

  it('covers an hour of track in one second at 3600×', () => {
    const clock = new ReplayClock(0, 2 * HOUR, 3600);
    clock.play(0);
    for (let w = 16; w <= 1000; w += 16) clock.tick(w);
    clock.tick(1000);
    expect(clock.time).toBe(HOUR);
  });

  it('stands still while paused and resumes from where it stopped', () => {
    const clock = new ReplayClock(0, HOUR, 10);
    clock.play(0);
    clock.tick(100);
    clock.pause();
    expect(clock.tick(5000)).toBe(1000);
    clock.play(6000);
    clock.tick(6100);
    expect(clock.time).toBe(2000);
  });

  it('seeks within the track, clamped to its ends, and keeps playing from there', () => {
    const clock = new ReplayClock(1000, 2000, 1);
    clock.seek(5000);
    expect(clock.time).toBe(2000);
    clock.seek(-5);
    expect(clock.time).toBe(1000);
    clock.play(0);
    clock.seek(1500);
    clock.tick(100);
    expect(clock.time).toBe(1600);
  });

  it('stops at the end of the track and restarts from the beginning on play', () => {
    const clock = new ReplayClock(0, 1000, 100);
    clock.play(0);
    clock.tick(50);
    expect(clock.time).toBe(1000);
    expect(clock.isPlaying).toBe(false);
    clock.play(100);
    expect(clock.time).toBe(0);
  });

  it('does not fling the replay ahead after the window was hidden for a minute', () => {
    const clock = new ReplayClock(0, 100 * HOUR, 60);
    clock.play(0);
    clock.tick(60_000);
    expect(clock.time).toBe(MAX_FRAME_MS * 60);
  });

  it('jumps over idle stretches only when skip idle is on', () => {
    const idle = [
      { start: 1000, end: 5000 },
      { start: 8000, end: 9000 },
    ];
    const plain = new ReplayClock(0, 10_000, 10);
    plain.setIdle(() => idle);
    plain.play(0);
    plain.tick(150);
    expect(plain.time).toBe(1500);

    const skipping = new ReplayClock(0, 10_000, 10);
    skipping.setIdle(() => idle);
    skipping.skipIdle = true;
    skipping.play(0);
    skipping.tick(150);
    expect(skipping.time).toBe(5000);
    skipping.tick(450);
    expect(skipping.time).toBe(9000);
  });

  it('steps the speed up and down through the fixed ladder and stops at its ends', () => {
    const clock = new ReplayClock(0, 1, 1);
    expect(clock.slower()).toBe(1);
    expect([
      clock.faster(),
      clock.faster(),
      clock.faster(),
      clock.faster(),
      clock.faster(),
      clock.faster(),
    ]).toEqual([10, 60, 100, 600, 3600, 3600]);
  });

  it('refuses a track that ends before it starts', () => {
    expect(() => new ReplayClock(10, 5)).toThrow(RangeError);
  });
});

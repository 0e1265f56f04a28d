/** docs/architecture.md "The renderer": 1× to 3600× (an hour of track per second of wall time). */
export const REPLAY_SPEEDS = [1, 10, 60, 100, 600, 3600] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

export interface TimeInterval {
  readonly start: number;
  readonly end: number;
}

/**
 * A frame that arrives after a long pause (tab hidden, laptop lid closed)
 * would otherwise fling the replay hours ahead; one second is the most a
 * single frame may advance in wall time.
 */
export const MAX_FRAME_MS = 1000;

/**
 * Maps wall time × speed onto track time. Driven by requestAnimationFrame
 * timestamps, so the replay advances in real time whatever the frame rate,
 * rather than one fix per frame. Pure: the caller passes every wall clock
 * reading, so tests drive it without timers.
 */
export class ReplayClock {
  private t: number;
  private playing = false;
  private lastWall: number | null = null;
  private speedIndex: number;
  private idleSource: () => readonly TimeInterval[] = () => [];
  private idle: readonly TimeInterval[] | null = null;
  skipIdle = false;

  constructor(
    readonly start: number,
    readonly end: number,
    speed: ReplaySpeed = 60,
  ) {
    if (!(end >= start)) throw new RangeError('replay end must not be before its start');
    this.t = start;
    this.speedIndex = REPLAY_SPEEDS.indexOf(speed);
  }

  get time(): number {
    return this.t;
  }

  get isPlaying(): boolean {
    return this.playing;
  }

  get speed(): ReplaySpeed {
    return REPLAY_SPEEDS[this.speedIndex]!;
  }

  /**
   * Stretches to jump over when skipIdle is on; sorted by start, not overlapping. Asked for the first
   * time they are needed: finding a month's is a pass over every fix (loaded-history.ts).
   */
  setIdle(source: () => readonly TimeInterval[]): void {
    this.idleSource = source;
    this.idle = null;
  }

  play(wallNow: number): void {
    if (this.t >= this.end) this.t = this.start;
    this.playing = true;
    this.lastWall = wallNow;
    if (this.skipIdle) this.t = this.skipFrom(this.t);
  }

  pause(): void {
    this.playing = false;
    this.lastWall = null;
  }

  toggle(wallNow: number): void {
    if (this.playing) this.pause();
    else this.play(wallNow);
  }

  /** Jumps to a track time (clamped); a running clock keeps running from there. */
  seek(trackTime: number): void {
    this.t = Math.min(this.end, Math.max(this.start, trackTime));
  }

  setSpeed(speed: ReplaySpeed): void {
    this.speedIndex = REPLAY_SPEEDS.indexOf(speed);
  }

  faster(): ReplaySpeed {
    this.speedIndex = Math.min(REPLAY_SPEEDS.length - 1, this.speedIndex + 1);
    return this.speed;
  }

  slower(): ReplaySpeed {
    this.speedIndex = Math.max(0, this.speedIndex - 1);
    return this.speed;
  }

  /** Advances by the wall time since the last tick; returns the track time. Stops at the end. */
  tick(wallNow: number): number {
    if (!this.playing) return this.t;
    const last = this.lastWall ?? wallNow;
    const dt = Math.min(MAX_FRAME_MS, Math.max(0, wallNow - last));
    this.lastWall = wallNow;
    let next = this.t + dt * this.speed;
    if (this.skipIdle) next = this.skipFrom(next);
    if (next >= this.end) {
      next = this.end;
      this.pause();
    }
    this.t = next;
    return next;
  }

  /** When `t` lies inside an idle stretch, the end of that stretch; otherwise `t`. */
  private skipFrom(t: number): number {
    const idle = (this.idle ??= this.idleSource());
    let lo = 0;
    let hi = idle.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = idle[mid]!;
      if (t < s.start) hi = mid - 1;
      else if (t >= s.end) lo = mid + 1;
      else return s.end;
    }
    return t;
  }
}

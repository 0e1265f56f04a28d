import type { AlarmSeverity } from '../../../../shared/interface';

interface Note {
  /** Hz. */
  readonly freq: number;
  /** Seconds from the start of the tone. */
  readonly at: number;
  readonly length: number;
}

/**
 * A tone per severity, made with the Web Audio API (no audio files to ship or
 * to allow in the CSP): critical a falling two-note siren played three times,
 * warning two short beeps, info one soft chime. Each can be told from the
 * others without looking.
 */
export const TONES: Readonly<
  Record<AlarmSeverity, { readonly wave: OscillatorType; readonly notes: readonly Note[] }>
> = {
  critical: {
    wave: 'square',
    notes: [0, 1, 2].flatMap((k) => [
      { freq: 988, at: k * 0.5, length: 0.22 },
      { freq: 740, at: k * 0.5 + 0.24, length: 0.22 },
    ]),
  },
  warning: {
    wave: 'triangle',
    notes: [
      { freq: 660, at: 0, length: 0.16 },
      { freq: 660, at: 0.24, length: 0.16 },
    ],
  },
  info: { wave: 'sine', notes: [{ freq: 523, at: 0, length: 0.35 }] },
};

/** A square wave is far louder than a sine at the same gain: each wave's share of the volume. */
const WAVE_LEVEL: Readonly<Partial<Record<OscillatorType, number>>> = {
  square: 0.18,
  triangle: 0.5,
  sine: 0.6,
};
/** Attack and release, so a note starts and stops without a click. */
const RAMP_S = 0.015;

export type AudioContextFactory = () => AudioContext;

/**
 * Plays the tones. The AudioContext is made at the first tone (or the first
 * key press or click, which a browser requires before it lets a page sound):
 * Chromium starts a context made without a user gesture suspended.
 */
export class AlarmTones {
  private ctx: AudioContext | null = null;

  constructor(private readonly create: AudioContextFactory = () => new AudioContext()) {}

  /** Makes (or resumes) the context inside a user gesture, so later tones are allowed to sound. */
  unlock(): void {
    const ctx = this.context();
    if (ctx?.state === 'suspended') void ctx.resume().catch(() => undefined);
  }

  play(severity: AlarmSeverity, volume: number): void {
    const ctx = this.context();
    if (!ctx || volume <= 0) return;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const tone = TONES[severity];
    const level = Math.min(1, volume) * (WAVE_LEVEL[tone.wave] ?? 0.4);
    const start = ctx.currentTime + 0.02;
    for (const n of tone.notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = tone.wave;
      osc.frequency.value = n.freq;
      const t0 = start + n.at;
      const t1 = t0 + n.length;
      gain.gain.setValueAtTime(0, t0);
      gain.gain.linearRampToValueAtTime(level, t0 + RAMP_S);
      gain.gain.setValueAtTime(level, t1 - RAMP_S);
      gain.gain.linearRampToValueAtTime(0, t1);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t1 + 0.01);
    }
  }

  close(): void {
    void this.ctx?.close().catch(() => undefined);
    this.ctx = null;
  }

  private context(): AudioContext | null {
    if (this.ctx) return this.ctx;
    try {
      this.ctx = this.create();
    } catch {
      // No audio device or no Web Audio (a test page): alarms still show, they are just silent.
      this.ctx = null;
    }
    return this.ctx;
  }
}

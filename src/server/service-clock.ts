/**
 * The service's time source (ServiceContext.now) when it is not the wall
 * clock. The simulated fleet is a pure function of time, so the instant the
 * clock starts at decides what the fleet is doing: `--at` starts it on a
 * weekday morning at midnight, and a test moves it to the traffic it needs.
 */
export interface ServiceClock {
  now(): number;
  /** From now on the clock reads `at`, then runs on at `rate` times real speed (the rate so far by default). */
  set(at: number, rate?: number): void;
  /** Moves the clock by `ms`, forward or back, at the same rate. */
  jump(ms: number): void;
}

export function serviceClock(at: number, rate = 1, wall: () => number = Date.now): ServiceClock {
  let simAt = at;
  let wallAt = wall();
  let speed = rate;
  return {
    now: () => simAt + (wall() - wallAt) * speed,
    set(next, nextRate = speed) {
      simAt = next;
      wallAt = wall();
      speed = nextRate;
    },
    jump(ms) {
      simAt += ms;
    },
  };
}

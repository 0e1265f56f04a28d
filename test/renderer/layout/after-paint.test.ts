import { afterEach, describe, expect, it, vi } from 'vitest';
import { effectScope, nextTick, ref } from 'vue';
import { useAfterPaint } from '../../../src/renderer/src/layout/after-paint';

/** The page's animation frames, run when the test says a frame happens. */
function manualFrames(): { run(): void; pending(): number } {
  let queue: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => queue.push(cb));
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => {
    queue[id - 1] = () => undefined;
  });
  return {
    run() {
      const due = queue;
      queue = [];
      for (const cb of due) cb(performance.now());
    },
    pending: () => queue.length,
  };
}

const aTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useAfterPaint', () => {
  it('starts with the value it follows, and takes each new one in a task after the next frame', async () => {
    const frames = manualFrames();
    const scope = effectScope();
    const source = ref('today');
    const shown = scope.run(() => useAfterPaint(() => source.value))!;
    expect(shown.value).toBe('today');

    source.value = 'the month';
    await nextTick();
    await aTask();
    // No frame yet: the value waits, however many tasks run.
    expect(shown.value).toBe('today');
    expect(frames.pending()).toBe(1);
    frames.run();
    // The frame's callbacks run before its paint: the value comes in a task after it.
    expect(shown.value).toBe('today');
    await aTask();
    expect(shown.value).toBe('the month');
    scope.stop();
  });

  it('takes only the newest of values that changed before a frame', async () => {
    const frames = manualFrames();
    const scope = effectScope();
    const source = ref(1);
    const shown = scope.run(() => useAfterPaint(() => source.value))!;
    const seen: number[] = [];
    source.value = 2;
    await nextTick();
    source.value = 3;
    await nextTick();
    frames.run();
    seen.push(shown.value);
    await aTask();
    seen.push(shown.value);
    frames.run();
    await aTask();
    seen.push(shown.value);
    expect(seen).toEqual([1, 3, 3]);
    scope.stop();
  });

  it('follows at once in a hidden page, which paints no frames', async () => {
    const frames = manualFrames();
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const scope = effectScope();
    const source = ref('a');
    const shown = scope.run(() => useAfterPaint(() => source.value))!;
    source.value = 'b';
    await nextTick();
    expect(shown.value).toBe('b');
    expect(frames.pending()).toBe(0);
    hidden.mockRestore();
    scope.stop();
  });

  it('drops a value still waiting when its scope ends', async () => {
    const frames = manualFrames();
    const scope = effectScope();
    const source = ref('a');
    const shown = scope.run(() => useAfterPaint(() => source.value))!;
    source.value = 'b';
    await nextTick();
    frames.run();
    scope.stop();
    await aTask();
    expect(shown.value).toBe('a');
  });
});

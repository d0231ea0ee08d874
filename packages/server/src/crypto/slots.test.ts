import { describe, expect, it } from 'vitest';
import { createSlots } from './slots';

/** A task that runs until `finish` is called, recording how many run beside it. */
function gate() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish: () => finish() };
}

describe('slots for expensive work', () => {
  it('runs at most `size` tasks at once, and starts the waiting ones in arrival order', async () => {
    const slots = createSlots(2);
    let active = 0;
    let most = 0;
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, gate);
    const runs = gates.map((g, index) =>
      slots.run(async () => {
        started.push(index);
        active += 1;
        most = Math.max(most, active);
        await g.done;
        active -= 1;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]!.finish();
    gates[0]!.finish();
    for (const g of gates.slice(2)) g.finish();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('frees the slot of a task that fails', async () => {
    const slots = createSlots(1);
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(async () => 'next')).toBe('next');
  });
});

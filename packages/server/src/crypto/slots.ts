/**
 * @module A fixed number of slots for expensive work (password hashes): at most `size` tasks run at
 * once, and the others wait their turn in arrival order.
 */
export interface Slots {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createSlots(size: number): Slots {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    async run(task) {
      // A freed slot passes straight to the next in line, so a newcomer cannot overtake the queue.
      if (running < size) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

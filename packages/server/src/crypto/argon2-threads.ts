/**
 * @module Argon2 on worker threads of our own, one per core, instead of libuv's pool. On Linux each
 * lowers its own priority (nice 10) below the event loop's: on a box with few cores, hashes running
 * flat out would otherwise take the event loop's core half of the time, and get-session's latency
 * would double while sign-ins run. So the event loop wins a core whenever it has work and the
 * hashes use what is left: sign-ins cost throughput, never get-session's latency; alone, they get
 * every idle core. (libuv's threads cannot be told apart from Node's others to do the same: libuv
 * 1.46 does not name them.) Threads start at their first hash, and never keep the process alive.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Options } from '@node-rs/argon2';
import { DEFAULTS } from '../options';
import { createSlots } from './slots';

/** The worker: CommonJS, evaluated, so it needs no loader for TypeScript. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { hashSync, verifySync } = require(workerData.argon2);
if (process.platform === 'linux') {
  try {
    // setpriority(PRIO_PROCESS, tid) sets this one thread's nice value; lowering it needs no privilege.
    const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
    require('node:os').setPriority(tid, workerData.niceness);
  } catch {}
}
parentPort.on('message', ({ verify, args }) => {
  try {
    parentPort.postMessage({ value: verify ? verifySync(...args) : hashSync(...args) });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});
`;

const ARGON2_PATH = createRequire(import.meta.url).resolve('@node-rs/argon2');

type Reply = { value: string | boolean } | { error: string };

const idle: Worker[] = [];
const slots = createSlots(DEFAULTS.maxConcurrentPasswordHashes);

function startWorker(): Worker {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { argon2: ARGON2_PATH, niceness: DEFAULTS.passwordHashNiceness },
  });
  worker.unref();
  return worker;
}

function run(verify: boolean, args: unknown[]): Promise<string | boolean> {
  return slots.run(async () => {
    // Slots never exceed the threads: a free slot finds an idle thread or starts one.
    const worker = idle.pop() ?? startWorker();
    const reply = await new Promise<Reply>((resolve, reject) => {
      worker.once('message', resolve);
      // A thread that died (out of memory) is not reused; the next hash starts another.
      worker.once('error', reject);
      worker.postMessage({ verify, args });
    });
    worker.removeAllListeners('error');
    idle.push(worker);
    if ('error' in reply) throw new Error(reply.error);
    return reply.value;
  });
}

export async function argon2Hash(password: string, options: Options): Promise<string> {
  return (await run(false, [password, options])) as string;
}

export async function argon2Verify(hashed: string, password: string): Promise<boolean> {
  return (await run(true, [hashed, password])) as boolean;
}

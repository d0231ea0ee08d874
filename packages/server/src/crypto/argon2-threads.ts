/**
 * @module Argon2 on worker threads of our own, one per core, instead of libuv's pool. On Linux each
 * lowers its own priority (nice 10) below the event loop's: on a box with few cores, hashes running
 * flat out would otherwise take the event loop's core half of the time, and get-session's latency
 * would double while sign-ins run. So the event loop wins a core whenever it has work and the
 * hashes use what is left: sign-ins cost throughput, never get-session's latency; alone, they get
 * every idle core. (libuv's threads cannot be told apart from Node's others to do the same: libuv
 * 1.46 does not name them.) Threads start at their first hash, end after a while without one, and
 * never keep the process alive.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Options } from '@node-rs/argon2';
import { DEFAULTS } from '../auth/options';
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
const retirements = new WeakMap<Worker, NodeJS.Timeout>();

/**
 * Back to the idle list, to end if no hash wants it for a while: each thread holds a V8 isolate
 * (about 10 MB) that a server between bursts of sign-ins does not need.
 */
function release(worker: Worker): void {
  idle.push(worker);
  const timer = setTimeout(() => {
    // Off the list before it ends, so no hash is handed a thread on its way out.
    forget(worker);
    void worker.terminate();
  }, DEFAULTS.passwordHashThreadIdleSeconds * 1000);
  timer.unref();
  retirements.set(worker, timer);
}

/** Never handed out again. */
function forget(worker: Worker): void {
  clearTimeout(retirements.get(worker));
  const at = idle.indexOf(worker);
  if (at !== -1) idle.splice(at, 1);
}

function takeIdle(): Worker | undefined {
  const worker = idle.pop();
  if (worker) clearTimeout(retirements.get(worker));
  return worker;
}

function startWorker(): Worker {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { argon2: ARGON2_PATH, niceness: DEFAULTS.passwordHashNiceness },
  });
  worker.unref();
  // A thread that fails or ends (out of memory) is never handed out again; the next hash starts
  // another. The listener stays, so a failure while idle is not an unhandled 'error' event.
  worker.on('error', () => forget(worker)).on('exit', () => forget(worker));
  return worker;
}

/** The thread's answer, or a rejection if it fails or ends first (a hash must never hang). */
function ask(worker: Worker, message: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const settle = () => worker.off('message', answered).off('error', failed).off('exit', failed);
    const answered = (reply: Reply) => {
      settle();
      resolve(reply);
    };
    const failed = (error?: unknown) => {
      settle();
      reject(error instanceof Error ? error : new Error('The password hashing thread ended'));
    };
    worker.on('message', answered).on('error', failed).on('exit', failed);
    worker.postMessage(message);
  });
}

function run(verify: boolean, args: unknown[]): Promise<string | boolean> {
  return slots.run(async () => {
    // Slots never exceed the threads: a free slot finds an idle thread or starts one.
    const worker = takeIdle() ?? startWorker();
    const reply = await ask(worker, { verify, args });
    release(worker);
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

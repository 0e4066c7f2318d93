/**
 * Heap figures: bytes allocated while a piece of work ran (including what the garbage
 * collector reclaimed meanwhile, read from `v8.GCProfiler`), and bytes retained after a full
 * collection. Needs `node --expose-gc`.
 */
import v8 from 'node:v8';

interface GcHeap {
  readonly heapStatistics: { readonly usedHeapSize: number };
}

interface GcStatistic {
  readonly beforeGC: GcHeap;
  readonly afterGC: GcHeap;
}

/** A full garbage collection; throws when the process was started without `--expose-gc`. */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run with node --expose-gc');
  gc();
  gc();
}

/** The heap in use now, after a full collection. */
export function settledHeap(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

/** Bytes allocated and bytes retained by `work`. */
export interface HeapCost {
  readonly allocatedBytes: number;
  readonly retainedBytes: number;
}

/** Runs `work` once and reports what it allocated and what stayed reachable afterwards. */
export async function measureHeap(work: () => Promise<void>): Promise<HeapCost> {
  const before = settledHeap();
  const profiler = new v8.GCProfiler();
  profiler.start();
  const start = v8.getHeapStatistics().used_heap_size;
  await work();
  const end = v8.getHeapStatistics().used_heap_size;
  const statistics = (profiler.stop()?.statistics ?? []) as readonly GcStatistic[];
  let reclaimed = 0;
  for (const entry of statistics) {
    reclaimed += entry.beforeGC.heapStatistics.usedHeapSize - entry.afterGC.heapStatistics.usedHeapSize;
  }
  const after = settledHeap();
  return { allocatedBytes: end - start + reclaimed, retainedBytes: after - before };
}

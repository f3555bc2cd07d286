// What the loader benches share: p50/p95/max of BENCH_RUNS timed calls after 3 warm-ups.

export async function timeRuns(run: () => Promise<unknown>, runs: number) {
  for (let n = 0; n < 3; n++) await run();
  const samples: number[] = [];
  for (let n = 0; n < runs; n++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { p50: at(0.5), p95: at(0.95), max: samples[samples.length - 1]! };
}

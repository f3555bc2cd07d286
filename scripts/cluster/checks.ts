// The cluster scripts' checks: every failed one is printed, and the script exits 1 at the end.
const failures: string[] = [];

export function check(ok: boolean, what: string) {
  console.error(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
}

/** Prints the run's figures as one JSON line; the script exits 1 when a check failed. */
export function report(figures: Record<string, unknown>) {
  console.log(JSON.stringify({ ...figures, failures }));
  if (failures.length > 0) process.exitCode = 1;
}

/** Runs a script's main; an exception is a failed run. */
export function run(main: () => Promise<void>) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

// relief-bench: what `make bench` measures, run by hand on a release build; never a test.
//
// `relief-bench` times every case's render and fast encode, the smallest encoding's CPU time, and its
// size against `optipng -o2` on the same pixels, with a verdict line per target (docs/PERFORMANCE.md);
// `relief-bench sizes` holds the smallest encoding of every gallery picture against optipng;
// `relief-bench grid` and `relief-bench compare` weigh the encoder's settings (docs/PNG-ENCODING.md).
// `RELIEF_BENCH_RUNS` and `RELIEF_BENCH_ONLY` choose the runs and the cases.
//
// It uses the library targets as a client would (ReliefRender, ReliefPNG, ReliefSpec) and must never
// be a dependency of them, of the service or of the tests; no timing it prints is asserted anywhere.

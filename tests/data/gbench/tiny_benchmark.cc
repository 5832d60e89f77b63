// The Google Benchmark program whose output is google-benchmark-1.7.1.json
// (see README.md): one benchmark that copies 64 bytes, one that fails.
#include <benchmark/benchmark.h>
#include <cstring>
static void BM_Copy(benchmark::State& state) {
  char a[64], b[64]; std::memset(a, 1, sizeof a);
  for (auto _ : state) { std::memcpy(b, a, sizeof a); benchmark::DoNotOptimize(b); }
}
BENCHMARK(BM_Copy);
static void BM_Fails(benchmark::State& state) {
  state.SkipWithError("it broke");
  for (auto _ : state) {}
}
BENCHMARK(BM_Fails);
BENCHMARK_MAIN();

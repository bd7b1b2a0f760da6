// `npm run bench -- NAME`: the benchmarks are bundled into dist/bench.js by the build.
await import('../dist/bench.js');

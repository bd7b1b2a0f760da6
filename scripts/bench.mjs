// `npm run bench -- NAME [args]` runs the bundled benchmark dispatcher (bench/index.ts).
await import('../dist/bench.js');

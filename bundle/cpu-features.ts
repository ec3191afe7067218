// What dist/ has in place of cpu-features: src/tsconfig.json maps the name here, for ncc alone. ssh2 asks
// cpu-features (a native addon, built when installed where a compiler is) which ciphers the CPU speeds up,
// and orders its ciphers by the answer; without one it keeps its default order. The bundle carries no native
// code (it would be one machine's build, and dist/ would differ by where it was built): loading this fails,
// as loading an addon that was never built does, and ssh2 goes on without it.
throw new Error("cpu-features is left out of this action's bundle (see bundle/cpu-features.ts)");

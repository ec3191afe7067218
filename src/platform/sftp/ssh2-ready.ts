// Imported before ssh2 (sftp-files.ts): ssh2 loads its Poly1305 code (an Emscripten module, its WebAssembly
// inlined) when it is loaded, and that code asks for __dirname, which an ES module bundle (dist/) lacks:
// undefined, ssh2 could open no connection. The directory is never read (the module carries its WebAssembly),
// so any path does; where __dirname exists (the tests, CommonJS) nothing changes.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const scope = globalThis as { __dirname?: string };
scope.__dirname ??= dirname(fileURLToPath(import.meta.url));

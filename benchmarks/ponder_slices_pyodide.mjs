// Thinking ahead while you choose, under Pyodide (WebAssembly), in Node: the same measurement as
// benchmarks/ponder_slices.py in CPython.
//
//   node benchmarks/ponder_slices_pyodide.mjs [--seeds 0-4] [--level expert] [--slice 25] [--ahead 60]

import { runPythonBenchmark } from "./pyodide_node.mjs";

await runPythonBenchmark("ponder_slices_pyodide", ["ponder_slices.py"]);

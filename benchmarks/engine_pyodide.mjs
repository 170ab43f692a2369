// Engine fast-path speed under Pyodide (WebAssembly), in Node: benchmarks/engine.py run there.
//
//   node benchmarks/engine_pyodide.mjs [--rounds N] [--repeats R] [--workloads ...] [--no-checked]
//
// Loads Pyodide from node_modules/pyodide (installed by scripts/setup; or set
// PYODIDE_DIR to a folder holding pyodide.mjs), copies the kseri package,
// benchmarks/engine.py and the frozen baseline (benchmarks/baseline_round.py) into
// Pyodide's file system and runs engine.py there: today's engine side by side with
// the baseline, printed as the same table as in CPython (CPU time is Node's
// process.cpuUsage()).

import { runPythonBenchmark } from "./pyodide_node.mjs";

await runPythonBenchmark("engine_pyodide", ["engine.py", "baseline_round.py"]);

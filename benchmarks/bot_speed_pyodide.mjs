// Think time per move of each bot level under Pyodide (WebAssembly), in Node.
//
//   node benchmarks/bot_speed_pyodide.mjs [--rounds N] [--levels easy,medium,hard] [--slice MS]
//
// Loads Pyodide from node_modules/pyodide (installed by scripts/setup; or set
// PYODIDE_DIR to a folder holding pyodide.mjs), copies the kseri package into
// Pyodide's file system and runs benchmarks/bot_speed.py there: the same
// measurement as in CPython, printed as the same markdown table.

import { runPythonBenchmark } from "./pyodide_node.mjs";

await runPythonBenchmark("bot_speed_pyodide", ["bot_speed.py"]);

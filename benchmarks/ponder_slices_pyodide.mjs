// Thinking ahead while you choose, under Pyodide (WebAssembly), in Node: the same measurement as
// benchmarks/ponder_slices.py in CPython.
//
//   node benchmarks/ponder_slices_pyodide.mjs [--seeds 0-4] [--level expert] [--slice 25] [--ahead 60]

import { home, pyodideWithKseri } from "./pyodide_node.mjs";

const py = await pyodideWithKseri("ponder_slices_pyodide", ["ponder_slices.py"]);

py.globals.set("ARGS", py.toPy(process.argv.slice(2)));
await py.runPythonAsync(`
import sys
sys.path.insert(0, "${home}")
import ponder_slices
ponder_slices.main(list(ARGS))
`);

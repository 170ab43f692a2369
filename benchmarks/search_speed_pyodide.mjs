// benchmarks/search_speed.py's comparison under Pyodide (WebAssembly), in Node: the hard bot's
// decisions with the old package and the new one, checked identical, and their think times.
//
//   node benchmarks/search_speed_pyodide.mjs [--base REV] [--rules RULES] [--rounds N]
//
// The old package (default: git merge-base HEAD main) is extracted with git archive into a
// temporary folder next to its own benchmarks/pyodide_node.mjs; each side runs in its own Pyodide,
// old first, then new, one after the other. Times are per decision, as time.process_time reads
// under Pyodide (the wall clock: run it on a quiet machine, or read it as an order of magnitude).

import { execSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "./pyodide_node.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const base = option("--base", execSync("git merge-base HEAD main", { cwd: root }).toString().trim());
const rules = option("--rules", "greek");
const rounds = Number(option("--rounds", "4"));

async function decisions(tree) {
  const { pyodideWithKseri, home } = await import(pathToFileURL(join(tree, "benchmarks", "pyodide_node.mjs")).href);
  const py = await pyodideWithKseri("search_speed_pyodide", []);
  py.FS.writeFile(`${home}/search_speed.py`, readFileSync(join(root, "benchmarks", "search_speed.py")));
  py.globals.set("RULES", rules);
  py.globals.set("ROUNDS", rounds);
  const text = await py.runPythonAsync(`
import contextlib, io, sys
sys.path.insert(0, "${home}")
import search_speed
out = io.StringIO()
with contextlib.redirect_stdout(out):
    search_speed.worker("${home}", RULES, ROUNDS, 0)
out.getvalue()
`);
  return JSON.parse(text);
}

const old = mkdtempSync(join(tmpdir(), "kseri-base-"));
try {
  execSync(`git archive ${base} kseri benchmarks | tar -x -C ${old}`, { cwd: root });
  symlinkSync(join(root, "node_modules"), join(old, "node_modules"));
  const before = await decisions(old);
  const after = await decisions(root);
  const same = before.length === after.length &&
    before.every((d, i) => JSON.stringify(d.slice(0, 2)) === JSON.stringify(after[i].slice(0, 2)));
  const quantile = (xs, q) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(q * s.length))]; };
  const row = (name, ds) => {
    const t = ds.map((d) => d[2] * 1000);
    return `| ${name} | ${quantile(t, 0.5).toFixed(1)} | ${quantile(t, 0.95).toFixed(1)} | ${Math.max(...t).toFixed(1)} |`;
  };
  console.log(`hard bot under Pyodide, ${rules}, ${rounds} rounds of self-play: ${before.length} decisions, ` +
    (same ? "the same card and values (exact floats) at every one" : "DIFFERENT DECISIONS") + `; old = ${base.slice(0, 10)}\n`);
  console.log("| code | median ms | p95 ms | max ms |\n|---|---:|---:|---:|");
  console.log(row("old", before));
  console.log(row("new", after));
  process.exitCode = same ? 0 : 1;
} finally {
  rmSync(old, { recursive: true, force: true });
}

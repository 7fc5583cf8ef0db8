// `npm test`: runs the npm scripts named on its command line one after the other, as `a && b && …` would, and says how
// long each took, so a slow run (here or in CI, which runs `npm test`) shows which step to look at. Stops at the first
// step that fails, with its exit code.
import { spawnSync } from "node:child_process";

const steps = process.argv.slice(2);
const times = [];
let status = 0;
for (const step of steps) {
  const started = performance.now();
  const run = spawnSync("npm", ["run", step], { stdio: "inherit" });
  const seconds = (performance.now() - started) / 1000;
  times.push(`${step} ${seconds.toFixed(1)} s`);
  console.log(`\n[npm test] ${step}: ${seconds.toFixed(1)} s${run.status === 0 ? "" : ", failed"}\n`);
  if (run.status !== 0) {
    status = run.status ?? 1;
    break;
  }
}
console.log(`[npm test] ${times.join(", ")}`);
process.exit(status);

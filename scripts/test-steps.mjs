// `npm test`: runs the npm scripts named on its command line one after the other, as `a && b && …` would, and says how
// long each took, so a slow run (here or in CI, which runs `npm test`) shows which step to look at. Stops at the first
// step that fails, with its exit code.
//
// `a+b` runs two steps at the same time: the first's output as it comes, the second's once both have ended. The browser
// tests keep both cores busy; the deployment tests mostly wait (an image build, servers starting, a proxy), so beside
// the browser tests they cost little of their own time (docs/benchmarks.md, "Test suite time").
import { spawn } from "node:child_process";

/** Runs `npm run <step>`; its exit status and seconds. `captured` collects the output instead of printing it. */
function run(step, captured) {
  const started = performance.now();
  const child = spawn("npm", ["run", step], { stdio: captured ? ["ignore", "pipe", "pipe"] : "inherit" });
  if (captured) {
    child.stdout.on("data", (chunk) => captured.push(chunk));
    child.stderr.on("data", (chunk) => captured.push(chunk));
  }
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      resolve({ step, status: code ?? (signal ? 1 : 0), seconds: (performance.now() - started) / 1000 });
    });
  });
}

const times = [];
let status = 0;
for (const group of process.argv.slice(2)) {
  const [first, ...others] = group.split("+");
  const outputs = others.map(() => []);
  const ended = await Promise.all([run(first), ...others.map((step, index) => run(step, outputs[index]))]);
  for (const [index, output] of outputs.entries()) {
    console.log(`\n[npm test] the output of ${others[index]}, run beside ${first}:\n`);
    process.stdout.write(Buffer.concat(output));
  }
  for (const { step, status: stepStatus, seconds } of ended) {
    times.push(`${step} ${seconds.toFixed(1)} s`);
    console.log(`\n[npm test] ${step}: ${seconds.toFixed(1)} s${stepStatus === 0 ? "" : ", failed"}\n`);
    if (stepStatus !== 0 && status === 0) status = stepStatus;
  }
  if (status !== 0) break;
}
console.log(`[npm test] ${times.join(", ")}`);
process.exit(status);

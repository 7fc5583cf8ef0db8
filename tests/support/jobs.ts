// The job worker of this test process (ADR 046): e-mails leave through the queue, so a test that reads them runs it.
// Imported after the test has set its environment, like the app's other modules.
import { afterAll } from "vitest";

const { startJobs, stopJobs } = await import("~/.server/features/background-jobs");
await startJobs();
afterAll(() => stopJobs(1_000));

// A Vitest reporter that ends a run with where its time went: time per project (each file's
// environment, imports, setup and tests, summed, so on 2 workers it exceeds the run's duration)
// and the slowest test files. CI keeps only the end of the log, so this is what tells the next
// person which suites to make faster.
import type { Reporter, TestModule } from "vitest/node";

const SHOWN = 12;

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]): void {
    if (modules.length < 2) return;
    const rows = modules.map((module) => {
      const d = module.diagnostic();
      return {
        project: module.project.name,
        file: module.relativeModuleId,
        // Environment (jsdom), imports, setup files, then the tests and hooks themselves.
        ms:
          d.environmentSetupDuration +
          d.prepareDuration +
          d.collectDuration +
          d.setupDuration +
          d.duration,
      };
    });
    const perProject = new Map<string, number>();
    for (const row of rows)
      perProject.set(row.project, (perProject.get(row.project) ?? 0) + row.ms);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const lines = [
      "",
      `time per project (sum over files): ${[...perProject]
        .sort((a, b) => b[1] - a[1])
        .map(([name, ms]) => `${name} ${seconds(ms)}`)
        .join(", ")}`,
      `slowest files:`,
      ...rows
        .sort((a, b) => b.ms - a.ms)
        .slice(0, SHOWN)
        .map(
          (row) =>
            `  ${seconds(row.ms).padStart(8)}  ${row.project}  ${row.file}`,
        ),
    ];
    console.log(lines.join("\n"));
  }
}

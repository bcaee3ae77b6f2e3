import { LIGHTHOUSE_TARGETS, type LighthouseReport } from './lighthouse.ts';
import type { MetersReport } from './meters.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const machineText = (m: LighthouseReport['machine']) => `${m.cpu}, ${m.cores} cores, Node ${m.node}`;

export function lighthouseMarkdownTable(report: LighthouseReport): string {
  const rows = report.pages.map((p) => {
    const m = p.median;
    return `| ${p.name} (\`${p.path}\`) | **${m.performance}** | ${m.fcpMs} | ${m.lcpMs} | ${m.tbtMs} | ${m.cls} | ${kb(m.jsBytes)} | ${p.runs.map((r) => r.performance).join(', ')} |`;
  });
  return [
    '| page | performance | FCP ms | LCP ms | TBT ms | CLS | JS transferred | scores of the runs |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
  ].join('\n');
}

export function lighthouseTargetText(report: LighthouseReport): string {
  const t = LIGHTHOUSE_TARGETS;
  const parts = report.pages.map((p) => {
    const ok = [p.median.performance >= t.performance ? 'performance met' : 'performance missed'];
    ok.push(p.median.cls <= t.clsMax ? 'CLS met' : 'CLS missed');
    return `${p.name}: ${ok.join(', ')}`;
  });
  const login = report.pages.find((p) => p.path === '/users/login');
  if (login) parts.push(`login JS ${kb(login.median.jsBytes)} (target <= ${t.loginJsKb} KB)`);
  return `Targets (not asserted): performance >= ${t.performance} on both pages, CLS <= ${t.clsMax}, login JS <= ${t.loginJsKb} KB. ${parts.join('; ')}.`;
}

export function lighthouseMarkdownSection(report: LighthouseReport): string {
  return [
    `## ${report.date}: Lighthouse (\`BENCH_ONLY=lighthouse\`)`,
    '',
    `${machineText(report.machine)}; Lighthouse ${report.lighthouse}, default config (${report.settings.formFactor}, ${report.settings.throttling}), performance only, median of ${report.settings.runs} runs per page, headless Chromium with the e2e flags; the built web served by the server itself.`,
    '',
    lighthouseMarkdownTable(report),
    '',
    lighthouseTargetText(report),
    '',
  ].join('\n');
}

export function metersMarkdownTable(report: MetersReport): string {
  return [
    "| phase | `audio_levels` received | the page's renderer process, % of a core | main thread | of which script | style + layout | every renderer (spare ones too) | GPU process |",
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...report.phases.map(
      (p) =>
        `| ${p.name} | ${p.levelsReceived} | **${p.rendererPercent}** | ${p.mainThreadPercent} | ${p.scriptPercent} | ${p.layoutAndStylePercent} | ${p.allRenderersPercent} | ${p.gpuPercent} |`,
    ),
  ].join('\n');
}

export function metersTargetText(report: MetersReport): string {
  const flowing = report.phases[0]!;
  return `Levels flowing: ${flowing.rendererPercent} % of one core for the page's renderer process (target < ${report.target.percentMax} %: ${report.target.met ? 'met' : 'missed'}); ${report.ratio.renderer}x the baseline's renderer CPU, ${report.ratio.mainThread}x its main thread.`;
}

export function metersMarkdownSection(report: MetersReport): string {
  return [
    `## ${report.date}: level meters CPU (\`BENCH_ONLY=meters\`)`,
    '',
    `${machineText(report.machine)}, load average ${report.loadAverage} at the start; headless Chromium with the e2e flags. A rehearsal page joined by its musician (audio client emulator) and ${report.settings.slots - 1} API-only players: ${report.settings.meters} level meters. Once joined, the emulator is paused (SIGSTOP) and a fake feed publishes \`audio_levels\` for ${report.settings.slots} slots at ${report.settings.rateHz} Hz on the client's topic, as the client does in a full room; then the same with the meters out of rendering (\`display: none\`); the baseline, in the same run and on the same page, has no levels (feed stopped). ${report.settings.seconds} s per phase after 2 s of warm-up; CPU from CDP (\`SystemInfo.getProcessInfo\` per process, the page's renderer found from a trace's start; \`Performance.getMetrics\` for the main thread).`,
    '',
    metersMarkdownTable(report),
    '',
    metersTargetText(report),
    '',
  ].join('\n');
}

import { SingleBar, Presets } from 'cli-progress';
import type { ImportPhase } from './catalog-importer.service.js';

const LABELS: Record<ImportPhase, string> = {
  validate: 'Validating',
  load: 'Loading',
  compare: 'Comparing with the published catalog',
  merge: 'Carrying over the products the file leaves out',
  indexes: 'Keying the products',
  priors: 'Computing category priors and the search vocabulary',
  answers: "Computing every product's answer",
  vacuum: 'Vacuuming and analysing the new catalog',
  publish: 'Publishing',
};

/** A progress bar on a terminal; otherwise plain lines, one per phase and per tenth. */
export class ImportProgress {
  private bar?: SingleBar;
  private phase?: ImportPhase;
  private lastTenth = -1;
  private readonly started = performance.now();

  constructor(private readonly out: NodeJS.WriteStream = process.stderr) {}

  update(phase: ImportPhase, done?: number, total?: number): void {
    if (phase !== this.phase) this.startPhase(phase, total);
    if (done === undefined || !total) return;
    if (this.bar) {
      this.bar.update(done);
      return;
    }
    const tenth = Math.floor((done / total) * 10);
    if (tenth > this.lastTenth) {
      this.lastTenth = tenth;
      this.out.write(`${LABELS[phase]}: ${tenth * 10}% (${this.elapsed()})\n`);
    }
  }

  stop(): void {
    this.bar?.stop();
    this.bar = undefined;
  }

  private elapsed(): string {
    return `${((performance.now() - this.started) / 1000).toFixed(1)} s`;
  }

  private startPhase(phase: ImportPhase, total?: number): void {
    this.stop();
    this.phase = phase;
    this.lastTenth = -1;
    if (this.out.isTTY && total) {
      this.bar = new SingleBar(
        {
          format: `${LABELS[phase].padEnd(16)} {bar} {percentage}% | {eta_formatted} left`,
          stream: this.out,
        },
        Presets.shades_classic,
      );
      this.bar.start(total, 0);
    } else if (!total) {
      this.out.write(`${LABELS[phase]}… (${this.elapsed()})\n`);
    }
  }
}

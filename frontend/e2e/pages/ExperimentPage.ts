import type { Page } from '@playwright/test';

/**
 * An experiment series: progress while it runs, then the seed's figure, the runs' CPU profiles,
 * findings and runs.
 */
export class ExperimentPage {
  constructor(readonly page: Page) {}

  async goto(clusterId: number, seriesId: number): Promise<void> {
    await this.page.goto(`/clusters/${clusterId}/experiments/${seriesId}`);
  }

  /** The state badge; its `data-state` is QUEUED, RUNNING, SUCCEEDED, FAILED or CANCELLED. */
  readonly state = () => this.page.getByTestId('experiment-state');
  /** Every panel of the figure, each under a heading with its title. */
  readonly chart = () => this.page.getByTestId('experiment-chart');
  readonly panelHeading = (title: string) =>
    this.chart().getByRole('heading', { name: title, exact: true });
  /** The rows of "Seed vs this cluster". */
  readonly findings = () => this.page.getByTestId('experiment-finding');
  readonly runRows = () => this.page.getByTestId('experiment-run-row');
  /** A link to the experiment as a JSON file. */
  readonly downloadJson = () => this.page.getByRole('link', { name: 'Download JSON', exact: true });

  /** "CPU profile": one run's flame graph at a time (runs that took a profile only). */
  readonly profile = () => this.page.getByTestId('experiment-profile');
  readonly profileHeading = () =>
    this.page.getByRole('heading', { name: 'CPU profile', exact: true });
  /** The picker of the runs with a profile, by label and repetition ("no native #1"). */
  readonly profileRun = () => this.profile().getByLabel('Run', { exact: true });
  readonly profileRunOptions = () => this.profileRun().locator('option');
  /** The SVG of the flame graph; each frame a `g.flame-frame` with its name in `data-name`. */
  readonly flameGraph = () => this.page.getByTestId('flame-graph');
  readonly flameFrames = () => this.flameGraph().locator('g.flame-frame');
  /** "checksum frames: 22.1% of samples". */
  readonly flameLegend = () => this.page.getByTestId('flame-graph-legend');
  /** An analysis table (a sweep's regression) by its title. */
  readonly analysisTable = (title: string) =>
    this.page.getByTestId('experiment-analysis').getByRole('table', { name: title, exact: true });
}

/** The launch form of one experiment (`…/experiments/new?kind=`). */
export class ExperimentFormPage {
  constructor(readonly page: Page) {}

  async goto(clusterId: number, kind: string): Promise<void> {
    await this.page.goto(`/clusters/${clusterId}/experiments/new?kind=${encodeURIComponent(kind)}`);
  }

  /** A param's input by the label the catalog gives it. */
  readonly field = (label: string) => this.page.getByLabel(label, { exact: true });
  readonly reducedButton = () =>
    this.page.getByRole('button', { name: 'Reduced size', exact: true });
  readonly launchButton = () =>
    this.page.getByRole('button', { name: 'Launch experiment', exact: true });
  /** "Fix the N fields marked above." after a submit the browser refused. */
  readonly invalidNotice = () => this.page.getByTestId('experiment-form-invalid');
  /** The server's plan of the launch as it stands: "N variants × R repetitions = M runs". */
  readonly plan = () => this.page.getByTestId('experiment-plan');
}

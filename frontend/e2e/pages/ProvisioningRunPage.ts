import type { Page } from '@playwright/test';

/** A provisioning run: its state and the Ansible task stream, polled while it runs. */
export class ProvisioningRunPage {
  constructor(readonly page: Page) {}

  async goto(runId: number): Promise<void> {
    await this.page.goto(`/provisioning/runs/${runId}`);
  }

  /** The run id of the page open now. */
  runId(): number {
    return Number(new URL(this.page.url()).pathname.split('/').pop());
  }

  /** The state badge; its `data-state` is RUNNING, SUCCEEDED, FAILED or CANCELLED. */
  readonly state = () => this.page.getByTestId('prov-run-state');
  readonly message = () => this.page.getByTestId('prov-run-message');
  /** One row per Ansible result (or play); `data-status` ok, changed, failed, skipped, unreachable, play. */
  readonly taskRows = () => this.page.getByTestId('prov-task-row');
  readonly failedTasks = () =>
    this.page.locator(
      '[data-testid="prov-task-row"][data-status="failed"], [data-testid="prov-task-row"][data-status="unreachable"]',
    );
  readonly openCluster = () => this.page.getByTestId('prov-open-cluster');
  /** After an install: the cluster's health, followed until HEALTHY (`data-status`). */
  readonly clusterHealth = () => this.page.getByTestId('prov-cluster-health');
  /** A vSphere destroy that succeeded. */
  readonly destroyed = () => this.page.getByTestId('prov-destroyed');

  // ---- a scale-in
  readonly scaleIn = () => this.page.getByTestId('scale-in-run');
  /** Rows carry data-host and data-phase (PENDING … DONE), in the order the run takes them. */
  readonly leavingHosts = () => this.page.getByTestId('scale-in-host-progress');
  readonly leavingHost = (host: string) =>
    this.page.locator(`[data-testid="scale-in-host-progress"][data-host="${host}"]`);
  readonly progress = () => this.page.getByRole('progressbar', { name: 'Hosts removed' });
  readonly pauseButton = () => this.page.getByTestId('scale-in-pause');
  readonly resumeButton = () => this.page.getByTestId('scale-in-resume');
  readonly pausing = () => this.page.getByTestId('scale-in-pausing');
  readonly paused = () => this.page.getByTestId('scale-in-paused');

  // ---- a rolling restart or configuration change
  readonly restart = () => this.page.getByTestId('restart-run');
  /** Steps in order: data-seq, data-role (or config) and data-phase (PENDING … DONE, FAILED). */
  readonly steps = () => this.page.getByTestId('restart-step');
  readonly step = (seq: number) =>
    this.page.locator(`[data-testid="restart-step"][data-seq="${seq}"]`);
  /** A step's hosts: data-host and data-phase (their last phase). */
  readonly timelineHosts = (seq: number) => this.step(seq).getByTestId('timeline-host');
  readonly stepsProgress = () => this.page.getByRole('progressbar', { name: 'Steps done' });
  readonly regionsMoved = () => this.page.getByTestId('restart-regions-moved');
  readonly restartPause = () => this.page.getByTestId('restart-pause');
  readonly restartResume = () => this.page.getByTestId('restart-resume');
  readonly restartAbort = () => this.page.getByTestId('restart-abort');
  readonly restartPausing = () => this.page.getByTestId('restart-pausing');
  readonly restartPaused = () => this.page.getByTestId('restart-paused');
  readonly restartAborting = () => this.page.getByTestId('restart-aborting');
  readonly dialog = () => this.page.getByRole('dialog');
}

import type { Page } from '@playwright/test';

/** The create / edit form of a compaction schedule. */
export class CompactionScheduleFormPage {
  constructor(readonly page: Page) {}

  readonly form = () => this.page.getByRole('form', { name: 'Compaction schedule' });
  readonly name = () => this.form().getByLabel('Name', { exact: true });
  readonly targetKind = () => this.form().getByLabel('Target kind');
  /** The table picker (target kind TABLE). */
  readonly table = () => this.form().getByLabel('Table', { exact: true });
  readonly namespace = () => this.form().getByLabel('Namespace', { exact: true });
  readonly pattern = () => this.form().getByLabel('Table name pattern');
  readonly cron = () => this.form().getByLabel('Cron');
  readonly timeZone = () => this.form().getByLabel('Time zone');
  readonly durationMinutes = () => this.form().getByLabel('Duration (minutes)');
  readonly maxPerServer = () => this.form().getByLabel('Max per RegionServer');
  readonly maxPerCluster = () => this.form().getByLabel('Max per cluster');
  readonly selection = () => this.form().getByLabel('Selection', { exact: true });
  readonly minStoreFilesPerStore = () => this.form().getByLabel('Min store files per store');
  readonly enabled = () => this.form().getByLabel('Enabled', { exact: true });
  readonly pauseOutsideWindows = () => this.form().getByLabel('Pause compactions outside windows');
  readonly createButton = () => this.form().getByRole('button', { name: 'Create schedule' });
  readonly saveButton = () => this.form().getByRole('button', { name: 'Save schedule' });
  readonly error = () => this.form().getByRole('alert');
}

// Shared look of the console's ECharts options (axis text, grid lines) and the helpers every
// tooltip formatter needs. Chart options are built in the features; this keeps them alike.

export const CHART_MUTED = '#5f6b7a';
export const CHART_ACCENT = '#1f5fbf';
export const CHART_GRID_LINE = '#e3e6eb';
export const chartAxisText = { color: CHART_MUTED, fontSize: 11 };

/** The data index a tooltip formatter was called for (axis tooltips pass an array), or -1. */
export function tooltipDataIndex(params: unknown): number {
  const p = Array.isArray(params) ? params[0] : params;
  const index = (p as { dataIndex?: unknown } | undefined)?.dataIndex;
  return typeof index === 'number' ? index : -1;
}

/** Tooltips are HTML in ECharts: escape any text from the API before it goes into one. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// The only place that imports ECharts: just the charts and components the console draws, so the
// chunk stays small. Loaded on demand by Chart.tsx.
import { BarChart, HeatmapChart, TreemapChart } from 'echarts/charts';
import type { BarSeriesOption, HeatmapSeriesOption, TreemapSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
} from 'echarts/components';
import type {
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';
// Renamed: a bare `use(...)` reads as a React hook to the linter.
import { init, use as registerEcharts, type ComposeOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

registerEcharts([
  BarChart,
  HeatmapChart,
  TreemapChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
  CanvasRenderer,
]);

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | HeatmapSeriesOption
  | TreemapSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | VisualMapComponentOption
>;

export { init };

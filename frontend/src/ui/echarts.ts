// The only place that imports ECharts: just the charts and components the console draws, so the
// chunk stays small. Loaded on demand by Chart.tsx.
import { BarChart, HeatmapChart, LineChart, TreemapChart } from 'echarts/charts';
import type {
  BarSeriesOption,
  HeatmapSeriesOption,
  LineSeriesOption,
  TreemapSeriesOption,
} from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
} from 'echarts/components';
import type {
  GridComponentOption,
  LegendComponentOption,
  MarkAreaComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';
// Renamed: a bare `use(...)` reads as a React hook to the linter.
import { init, use as registerEcharts, type ComposeOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

registerEcharts([
  BarChart,
  HeatmapChart,
  LineChart,
  TreemapChart,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
  CanvasRenderer,
]);

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | HeatmapSeriesOption
  | LineSeriesOption
  | TreemapSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | MarkAreaComponentOption
  | TooltipComponentOption
  | VisualMapComponentOption
>;

export { init };

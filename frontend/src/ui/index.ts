export { Badge, type Tone } from './Badge';
export { Button, type ButtonProps } from './Button';
export { Chart, type ChartOption } from './Chart';
export {
  CategoryChart,
  type CategoryChartData,
  type CategoryChartProps,
  type ChartSeries,
  type SeriesStyle,
} from './CategoryChart';
export {
  FlameGraph,
  type FlameGraphProps,
  type FlameHighlight,
  type FlameNode,
} from './FlameGraph';
export { flameSize, parseFlame } from './flameGraph';
export { GatedButton, type GatedButtonProps } from './GatedButton';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { CopyButton } from './CopyButton';
export { ErrorMessage } from './ErrorMessage';
export {
  CheckboxField,
  SelectField,
  type SelectOption,
  TextAreaField,
  TextField,
  type TextFieldProps,
  TextFieldWithSuggestions,
} from './Field';
export { KeyValueList, type KeyValueItem } from './KeyValueList';
export { Loading } from './Loading';
export { PageHeader } from './PageHeader';
export { Pager } from './Pager';
export { PendingPage } from './PendingPage';
export { Panel } from './Panel';
export { ProgressBar } from './ProgressBar';
export { ProgressPanel } from './ProgressPanel';
export { RefreshStatus } from './RefreshStatus';
export { ShellCommand } from './ShellCommand';
export { Stat } from './Stat';
export { Table, type Column } from './Table';
export { Tabs, type TabItem } from './Tabs';
export { Timestamp } from './Timestamp';
export {
  TypedConfirmDialog,
  type TypedConfirmDialogProps,
  TypedConfirmField,
  type TypedConfirmFieldProps,
} from './TypedConfirm';
export {
  CHART_ACCENT,
  CHART_GRID_LINE,
  CHART_MUTED,
  chartAxisText,
  escapeHtml,
  tooltipDataIndex,
} from './chartStyle';

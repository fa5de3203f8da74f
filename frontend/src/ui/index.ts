export { Badge, type Tone } from './Badge';
export { Button } from './Button';
export { Chart, type ChartOption } from './Chart';
export { ConfirmDialog } from './ConfirmDialog';
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
export { Panel } from './Panel';
export { ProgressBar } from './ProgressBar';
export { ShellCommand } from './ShellCommand';
export { Stat } from './Stat';
export { Table, type Column } from './Table';
export { Tabs, type TabItem } from './Tabs';
export { Timestamp } from './Timestamp';

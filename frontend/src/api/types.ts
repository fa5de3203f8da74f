// Friendly aliases for the generated OpenAPI schema types (src/api/generated is produced by `npm run gen:api`).
import type { components, operations } from './generated/schema';

type Schemas = components['schemas'];

export type Problem = Schemas['Problem'];
export type FieldError = Schemas['FieldError'];
export type Role = Schemas['Role'];
export type CurrentUser = Schemas['CurrentUser'];
export type User = Schemas['User'];
export type CreateUserRequest = Schemas['CreateUserRequest'];
export type UpdateUserRequest = Schemas['UpdateUserRequest'];
export type ApiToken = Schemas['ApiToken'];
export type CreatedApiToken = Schemas['CreatedApiToken'];
export type ClusterKind = Schemas['ClusterKind'];
export type Cluster = Schemas['Cluster'];
export type HealthStatus = Schemas['HealthStatus'];
export type HealthReasonCode = Schemas['HealthReasonCode'];
export type HealthReason = Schemas['HealthReason'];
export type Health = Schemas['Health'];
export type ClusterOverview = Schemas['ClusterOverview'];
export type EngineVersions = Schemas['EngineVersions'];
export type HdfsState = Schemas['HdfsState'];
export type DataNodeState = Schemas['DataNodeState'];
export type HbaseState = Schemas['HbaseState'];
export type RegionServerState = Schemas['RegionServerState'];
export type NativeSupportState = Schemas['NativeSupportState'];
export type HaState = Schemas['HaState'];
export type NameNodeHaState = Schemas['NameNodeHaState'];
export type MasterHaState = Schemas['MasterHaState'];
export type ZooKeeperHaState = Schemas['ZooKeeperHaState'];
export type NamenodeFailoverRequest = Schemas['NamenodeFailoverRequest'];
export type MasterMoveRequest = Schemas['MasterMoveRequest'];
export type OperationState = Schemas['OperationState'];
export type Operation = Schemas['Operation'];
export type OperationEvent = Schemas['OperationEvent'];
export type OperationDetail = Schemas['OperationDetail'];
export type AuditResult = Schemas['AuditResult'];
export type AuditEntry = Schemas['AuditEntry'];
export type AuditPage = Schemas['AuditPage'];
export type SplitStrategy = Schemas['SplitStrategy'];
export type SplitAlgorithm = Schemas['SplitAlgorithm'];
export type SamplePattern = Schemas['SamplePattern'];
export type SplitSpec = Schemas['SplitSpec'];
export type FamilySpec = Schemas['FamilySpec'];
export type TableSettings = Schemas['TableSettings'];
export type Durability = NonNullable<TableSettings['durability']>;
export type CreateTableRequest = Schemas['CreateTableRequest'];
export type LintFinding = Schemas['LintFinding'];
export type PreviewRegion = Schemas['PreviewRegion'];
export type TablePreview = Schemas['TablePreview'];
export type CreateTableResponse = Schemas['CreateTableResponse'];
export type TableSummary = Schemas['TableSummary'];
export type TablePage = Schemas['TablePage'];
export type TableSort = NonNullable<
  NonNullable<operations['listTables']['parameters']['query']>['sort']
>;
export type RegionInfo = Schemas['RegionInfo'];
export type RegionPage = Schemas['RegionPage'];
export type TableDetail = Schemas['TableDetail'];
export type Namespace = Schemas['Namespace'];
export type Codec = Schemas['Codec'];
export type CodecName = Codec['name'];
export type CodecReport = Schemas['CodecReport'];
export type AlterTableRequest = Schemas['AlterTableRequest'];
export type AlterTablePreview = Schemas['AlterTablePreview'];
export type AlterTableResponse = Schemas['AlterTableResponse'];
export type TruncateTableRequest = Schemas['TruncateTableRequest'];
export type RegionMap = Schemas['RegionMap'];
export type HeatmapRange = Schemas['HeatmapRange'];
export type HotRange = Schemas['HotRange'];
export type Heatmap = Schemas['Heatmap'];
export type HeatmapMetric = Heatmap['metric'];
export type CompactionKind = Schemas['CompactionKind'];
/**
 * Written out because the schema's `anyOf` (a table, a region or a server is required) collapses to
 * `unknown` in the generated types.
 */
export interface CompactionRequest {
  kind: Schemas['CompactionKind'];
  table?: string;
  family?: string;
  region?: string;
  server?: string;
  maxPerServer?: number;
}
export type CompactionStarted = Schemas['CompactionStarted'];
export type CompactionTrigger = Schemas['CompactionTrigger'];
export type CompactionRunState = Schemas['CompactionRunState'];
export type CompactionRegionState = Schemas['CompactionRegionState'];
export type CompactionRun = Schemas['CompactionRun'];
export type CompactionRegion = Schemas['CompactionRegion'];
export type CompactionRunDetail = Schemas['CompactionRunDetail'];
export type CompactionHistoryPoint = Schemas['CompactionHistoryPoint'];
export type CompactionTargetKind = Schemas['CompactionTargetKind'];
export type CompactionSelection = Schemas['CompactionSelection'];
export type CompactionScheduleInput = Schemas['CompactionScheduleInput'];
export type CompactionSchedule = Schemas['CompactionSchedule'];
export type EcPolicy = Schemas['EcPolicy'];
export type EcPolicyState = EcPolicy['state'];
export type EcTopology = Schemas['EcTopology'];
export type EcCoder = Schemas['EcCoder'];
export type EcPolicies = Schemas['EcPolicies'];
export type EcEntry = Schemas['EcEntry'];
export type EcDirectory = Schemas['EcDirectory'];
export type SetEcPolicyRequest = Schemas['SetEcPolicyRequest'];
export type EcHistogramBucket = Schemas['EcHistogramBucket'];
export type EcLayoutCost = Schemas['EcLayoutCost'];
export type EcReport = Schemas['EcReport'];
export type StartEcConversionRequest = Schemas['StartEcConversionRequest'];
export type EcConversion = Schemas['EcConversion'];
export type EcConversionState = EcConversion['state'];
export type EcConversionStarted = Schemas['EcConversionStarted'];
export type TableEcState = Schemas['TableEcState'];
export type HFileLayout = Schemas['HFileLayout'];
export type TableEcChange = Schemas['TableEcChange'];
export type BenchmarkWorkload = Schemas['BenchmarkWorkload'];
export type BenchmarkSpec = Schemas['BenchmarkSpec'];
export type YcsbWorkload = NonNullable<BenchmarkSpec['ycsbWorkload']>;
export type RequestDistribution = NonNullable<BenchmarkSpec['requestDistribution']>;
export type BenchmarkLaunch = Schemas['BenchmarkLaunch'];
export type BenchmarkLaunched = Schemas['BenchmarkLaunched'];
export type BenchmarkPreset = Schemas['BenchmarkPreset'];
export type BenchmarkRunState = Schemas['BenchmarkRunState'];
export type BenchmarkRun = Schemas['BenchmarkRun'];
export type BenchmarkMode = BenchmarkRun['mode'];
export type BenchmarkLatency = Schemas['BenchmarkLatency'];
export type BenchmarkOpSummary = Schemas['BenchmarkOpSummary'];
export type BenchmarkSummary = Schemas['BenchmarkSummary'];
export type BenchmarkProvenance = Schemas['BenchmarkProvenance'];
export type BenchmarkRunDetail = Schemas['BenchmarkRunDetail'];
export type BenchmarkInterval = Schemas['BenchmarkInterval'];
export type BenchmarkComparison = Schemas['BenchmarkComparison'];
export type BenchmarkMetric = BenchmarkComparison['metrics'][number];
export type BenchmarkEstimate = Schemas['BenchmarkEstimate'];
export type BenchmarkSeries = Schemas['BenchmarkSeries'];
export type BenchmarkCeiling = Schemas['BenchmarkCeiling'];
export type BenchmarkExportFormat = NonNullable<
  NonNullable<operations['exportBenchmarkRun']['parameters']['query']>['format']
>;
export type HostInput = Schemas['HostInput'];
/** A host as the API lists it: a VIEWER gets it without address, SSH user and key (`redacted`). */
export type HostView = Schemas['Host'];
/** A host as OPERATOR and ADMIN see it. */
export type Host = HostView & { address: string; sshUser: string; keyFingerprint: string };
export type ClusterSpecInput = Schemas['ClusterSpecInput'];
export type ClusterSpecHost = ClusterSpecInput['hosts'][number];
export type ProvisioningProfile = NonNullable<ClusterSpecInput['profile']>;
export type ProvisioningWorkload = NonNullable<ClusterSpecInput['workload']>;
export type ConfigEntry = Schemas['ConfigEntry'];
export type ConfigSource = ConfigEntry['source'];
export type PlannedHostView = Schemas['PlannedHostView'];
export type ProvisioningPlan = Schemas['ProvisioningPlan'];
export type PlanWarning = ProvisioningPlan['warnings'][number];
export type ProvisioningRunRequest = Schemas['ProvisioningRunRequest'];
export type ProvisioningRun = Schemas['ProvisioningRun'];
export type ProvisioningRunState = ProvisioningRun['state'];
export type ProvisioningRunDetail = Schemas['ProvisioningRunDetail'];
export type ProvisioningTask = ProvisioningRunDetail['tasks'][number];

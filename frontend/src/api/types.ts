// Friendly aliases for the generated OpenAPI schema types (src/api/generated is produced by `npm run gen:api`).
import type { components } from './generated/schema';

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
export type OperationState = Schemas['OperationState'];
export type Operation = Schemas['Operation'];
export type OperationEvent = Schemas['OperationEvent'];
export type OperationDetail = Schemas['OperationDetail'];
export type AuditResult = Schemas['AuditResult'];
export type AuditEntry = Schemas['AuditEntry'];
export type AuditPage = Schemas['AuditPage'];

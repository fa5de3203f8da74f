import type { HealthReasonCode } from '../../api/types';

export interface ReasonText {
  /** Short headline shown next to the severity. */
  title: string;
  /** What it means for the cluster and what an operator does about it. */
  explanation: string;
}

/**
 * Operator-facing explanation of every HealthReasonCode. Typed as an exhaustive Record, so a
 * code added to the OpenAPI enum (and regenerated) is a compile error until it is explained here.
 */
export const REASON_TEXT: Record<HealthReasonCode, ReasonText> = {
  STATE_NOT_COLLECTED: {
    title: 'State not collected yet',
    explanation:
      'Granary has not finished a first collection of this cluster (it was just registered or the backend just started). Health is unknown until it does.',
  },
  STATE_STALE: {
    title: 'State is stale',
    explanation:
      'The last successful collection is too old, so the figures below may not reflect the cluster now. Check that the backend can reach the NameNode and ZooKeeper.',
  },
  NAMENODE_UNREACHABLE: {
    title: 'NameNode unreachable',
    explanation:
      'The NameNode did not answer. Without it HDFS, and so HBase, cannot read or write. Check the NameNode process and its log.',
  },
  MASTER_UNREACHABLE: {
    title: 'HMaster unreachable',
    explanation:
      'The HBase Master did not answer. Regions already open keep serving, but region assignment, balancing and table changes are unavailable until it is back.',
  },
  HDFS_SAFE_MODE: {
    title: 'HDFS in safe mode',
    explanation:
      'The NameNode is in safe mode and rejects writes. It leaves on its own once enough blocks are reported; if it stays, check for missing DataNodes before `hdfs dfsadmin -safemode leave`.',
  },
  DATANODE_DEAD: {
    title: 'DataNode dead',
    explanation:
      'A DataNode stopped sending heartbeats. HDFS re-replicates its blocks from the remaining copies; erasure-coded data has less redundancy until the node is back.',
  },
  NO_LIVE_DATANODES: {
    title: 'No live DataNodes',
    explanation:
      'No DataNode is alive: HDFS can neither read nor write any block. HBase cannot work.',
  },
  REGIONSERVER_DEAD: {
    title: 'RegionServer dead',
    explanation:
      'A RegionServer died. Its regions are reassigned to the other RegionServers after their WALs are split; clients see errors for those regions meanwhile.',
  },
  REGIONSERVER_UNREACHABLE: {
    title: 'RegionServer not answering',
    explanation:
      'A RegionServer the master still lists as live does not answer on its web port: it has probably died or hangs. The master declares it dead when its ZooKeeper session expires, then reassigns its regions.',
  },
  NO_LIVE_REGIONSERVERS: {
    title: 'No live RegionServers',
    explanation:
      'No RegionServer is alive: HBase serves no regions and every client request fails.',
  },
  REGIONS_IN_TRANSITION: {
    title: 'Regions in transition',
    explanation:
      'Regions are being opened, closed or moved. Short periods are normal during balancing or restarts; regions stuck in transition are offline.',
  },
  UNDER_REPLICATED_BLOCKS: {
    title: 'Under-replicated blocks',
    explanation:
      'Some blocks have fewer copies than their replication factor. HDFS repairs this in the background as long as enough DataNodes are live.',
  },
  MISSING_BLOCKS: {
    title: 'Missing blocks',
    explanation:
      'Some blocks have no live copy, so files that contain them cannot be read completely. Bring back the DataNodes that held them; otherwise that data is lost.',
  },
  HDFS_CAPACITY_HIGH: {
    title: 'HDFS capacity high',
    explanation:
      'HDFS is nearly full. Writes (including HBase flushes and compactions) fail when DataNodes run out of space: add capacity or delete data.',
  },
  EC_JAVA_CODER: {
    title: 'Erasure coding on the Java coder',
    explanation:
      "The DataNodes encode with Hadoop's pure-Java Reed-Solomon coder instead of native ISA-L. Data is safe, but erasure-coded writes and reconstruction are much slower. Install libisal2 on the DataNodes and restart them.",
  },
  NO_ACTIVE_NAMENODE: {
    title: 'No active NameNode',
    explanation:
      'Neither NameNode of the nameservice is active, so HDFS and HBase cannot write. The ZKFCs elect one within seconds when a NameNode and ZooKeeper are up; check both NameNodes, their ZKFCs and `hdfs haadmin -getAllServiceState`.',
  },
  NAMENODE_STANDBY_DOWN: {
    title: 'Standby NameNode down',
    explanation:
      'The active NameNode serves, but its standby does not answer: one more NameNode loss stops HDFS. Restart the standby (it catches up from the JournalNodes) and its ZKFC.',
  },
  ZOOKEEPER_QUORUM_DEGRADED: {
    title: 'ZooKeeper quorum degraded',
    explanation:
      'A ZooKeeper server is down; the rest still form a majority and the cluster serves, but one more loss stops HBase and NameNode failover. Restart the missing server (`echo srvr | nc HOST 2181` shows its mode).',
  },
  ZOOKEEPER_QUORUM_LOST: {
    title: 'ZooKeeper quorum lost',
    explanation:
      'No majority of ZooKeeper servers answers: HBase clients, the HMasters and the ZKFCs cannot coordinate, so failover and region assignment stop. Bring servers back until a majority runs.',
  },
  BACKUP_MASTER_MISSING: {
    title: 'Backup HMaster missing',
    explanation:
      'The active HMaster runs without a backup: if it fails, table changes and region assignment stop until it is restarted. Start the second HMaster.',
  },
  NO_ACTIVE_MASTER: {
    title: 'No active HMaster',
    explanation:
      'No HMaster is active. Regions already open keep serving, but tables cannot be created, changed or balanced. A backup takes over once the old master’s ZooKeeper session expires; if none runs, start one.',
  },
};

/** Text for a code; unknown codes (a newer backend) still get a readable line. */
export function reasonText(code: string): ReasonText {
  return (
    (REASON_TEXT as Record<string, ReasonText | undefined>)[code] ?? {
      title: code,
      explanation: 'This console does not know this health reason yet; see the message.',
    }
  );
}

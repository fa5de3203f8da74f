/**
 * Row-key bytes: the unsigned order HBase sorts rows in, the {@code \xNN} text form, split points from HBase's
 * RegionSplitter algorithms (ported, byte-for-byte) or from pasted text. The salt-bucket encoding lives in
 * storage/client ({@code io.granary.engine.client.SaltedKeys}), shared with the node's load command. Pure, no
 * HBase imports: only {@code io.granary.engine} may touch {@code org.apache.hadoop}.
 */
package io.granary.tables.keys;

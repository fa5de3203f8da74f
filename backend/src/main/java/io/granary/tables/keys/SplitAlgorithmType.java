package io.granary.tables.keys;

import java.util.Arrays;
import java.util.Optional;

/** The RegionSplitter algorithms the console offers; {@link #hbaseName()} is what the HBase shell's SPLITALGO takes. */
public enum SplitAlgorithmType {
  /** Keys are hex strings "00000000".."FFFFFFFF" (e.g. an MD5 prefix); splits are lowercase hex. */
  HEX_STRING_SPLIT("HexStringSplit"),
  /** Keys are uniformly random bytes (e.g. a hash); splits are 8 raw bytes by default. */
  UNIFORM_SPLIT("UniformSplit"),
  /** Keys are decimal strings "00000000".."99999999". */
  DECIMAL_STRING_SPLIT("DecimalStringSplit");

  private final String hbaseName;

  SplitAlgorithmType(String hbaseName) {
    this.hbaseName = hbaseName;
  }

  public String hbaseName() {
    return hbaseName;
  }

  public static Optional<SplitAlgorithmType> fromHbaseName(String name) {
    return Arrays.stream(values()).filter(t -> t.hbaseName.equals(name)).findFirst();
  }
}

package io.granary.tables.keys;

import io.granary.shared.problem.FieldError;
import java.util.List;

/**
 * A port of HBase's {@code RegionSplitter.SplitAlgorithm} (2.6.4) for the three built-in algorithms, byte-for-byte:
 * the console shows the split keys HBase would compute, without importing HBase. Immutable; first and last row are
 * fixed at creation ({@code --firstrow}/{@code --lastrow} in RegionSplitter). User-input problems are reported by
 * {@link #check(int)} and {@link #create}; {@link #split(int)} throws only when called without checking.
 */
public sealed interface SplitAlgorithm permits NumberStringSplit, UniformSplit {
  /** Longest first/last row text accepted from a form: longer rows make every split key longer. */
  int MAX_ROW_TEXT = 128;

  SplitAlgorithmType type();

  /** The first row the algorithm assumes (HBase's empty start key stands for it). */
  byte[] firstRow();

  /** The last row the algorithm assumes, inclusive. */
  byte[] lastRow();

  /** Problems splitting into {@code numRegions} (fields "numRegions", "lastRow"); empty when split will succeed. */
  List<FieldError> check(int numRegions);

  /** The {@code numRegions - 1} split keys; {@link IllegalArgumentException} when {@link #check} reports a problem. */
  byte[][] split(int numRegions);

  /** Throws {@link IllegalArgumentException} with the first problem {@link #check} reports. */
  default void requireSplittable(int numRegions) {
    List<FieldError> errors = check(numRegions);
    if (!errors.isEmpty()) {
      throw new IllegalArgumentException(errors.get(0).message());
    }
  }

  /** The algorithm with RegionSplitter's default first and last rows. */
  static SplitAlgorithm of(SplitAlgorithmType type) {
    return create(type, null, null).algorithm();
  }

  /** An algorithm, or the field errors ("firstRow", "lastRow") that kept it from being created. */
  record Created(SplitAlgorithm algorithm, List<FieldError> errors) {
    public Created {
      errors = List.copyOf(errors);
    }

    public boolean ok() {
      return errors.isEmpty();
    }
  }

  /**
   * Build from form input: a null or empty row keeps RegionSplitter's default. Hex/decimal rows are numbers in that
   * radix (the padding width of every key is the last row's length, as in RegionSplitter); UniformSplit rows are
   * {@code \xNN} text.
   */
  static Created create(SplitAlgorithmType type, String firstRow, String lastRow) {
    return switch (type) {
      case HEX_STRING_SPLIT, DECIMAL_STRING_SPLIT -> NumberStringSplit.create(type, firstRow, lastRow);
      case UNIFORM_SPLIT -> UniformSplit.create(firstRow, lastRow);
    };
  }
}

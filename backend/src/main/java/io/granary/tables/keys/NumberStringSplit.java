package io.granary.tables.keys;

import io.granary.shared.problem.FieldError;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * RegionSplitter's {@code NumberStringSplit}: HexStringSplit (radix 16) and DecimalStringSplit (radix 10). Keys are
 * the number in the radix, lowercase, left-padded with '0' to the length of the last row's text, as ASCII bytes.
 */
public final class NumberStringSplit implements SplitAlgorithm {
  private static final Pattern HEX = Pattern.compile("[0-9a-fA-F]+");
  private static final Pattern DECIMAL = Pattern.compile("[0-9]+");

  private final SplitAlgorithmType type;
  private final int radix;
  private final String firstRowText;
  private final String lastRowText;
  private final BigInteger firstRowInt;
  private final BigInteger lastRowInt;
  // RegionSplitter sets this from the last row only (setLastRow), never from the first row: we keep that quirk
  private final int rowComparisonLength;

  private NumberStringSplit(SplitAlgorithmType type, String firstRowText, String lastRowText) {
    this.type = type;
    this.radix = type == SplitAlgorithmType.HEX_STRING_SPLIT ? 16 : 10;
    String defaultLast = radix == 16 ? "FFFFFFFF" : "99999999";
    this.firstRowText = firstRowText == null ? "00000000" : firstRowText;
    this.lastRowText = lastRowText == null ? defaultLast : lastRowText;
    // the default first row is BigInteger.ZERO in RegionSplitter, equal to parsing "00000000"
    this.firstRowInt = new BigInteger(this.firstRowText, radix);
    this.lastRowInt = new BigInteger(this.lastRowText, radix);
    this.rowComparisonLength = this.lastRowText.length();
  }

  static SplitAlgorithm.Created create(SplitAlgorithmType type, String firstRow, String lastRow) {
    if (type == SplitAlgorithmType.UNIFORM_SPLIT) {
      throw new IllegalArgumentException("UniformSplit is not a number split");
    }
    Pattern digits = type == SplitAlgorithmType.HEX_STRING_SPLIT ? HEX : DECIMAL;
    String kind = type == SplitAlgorithmType.HEX_STRING_SPLIT ? "hexadecimal digits (0-9, a-f)" : "decimal digits";
    List<FieldError> errors = new ArrayList<>();
    String first = blankToNull(firstRow);
    String last = blankToNull(lastRow);
    checkRowText("firstRow", first, digits, kind, errors);
    checkRowText("lastRow", last, digits, kind, errors);
    if (!errors.isEmpty()) {
      return new SplitAlgorithm.Created(null, errors);
    }
    return new SplitAlgorithm.Created(new NumberStringSplit(type, first, last), List.of());
  }

  private static String blankToNull(String s) {
    return s == null || s.isEmpty() ? null : s;
  }

  private static void checkRowText(String field, String text, Pattern digits, String kind, List<FieldError> errors) {
    if (text == null) {
      return;
    }
    if (text.length() > MAX_ROW_TEXT) {
      errors.add(new FieldError(field, "at most " + MAX_ROW_TEXT + " characters"));
    } else if (!digits.matcher(text).matches()) {
      // stricter than RegionSplitter's new BigInteger(text, radix), which also takes a sign
      errors.add(new FieldError(field, "only " + kind + " are allowed"));
    }
  }

  @Override
  public SplitAlgorithmType type() {
    return type;
  }

  @Override
  public byte[] firstRow() {
    return convertToByte(firstRowInt);
  }

  @Override
  public byte[] lastRow() {
    return convertToByte(lastRowInt);
  }

  @Override
  public List<FieldError> check(int numRegions) {
    List<FieldError> errors = new ArrayList<>();
    if (numRegions < 2) {
      // RegionSplitter.split(1) returns no keys and split(0) fails; createPresplitTable demands a count > 1
      errors.add(new FieldError("numRegions", "at least 2 regions are needed to pre-split"));
    }
    if (lastRowInt.compareTo(firstRowInt) <= 0) {
      errors.add(new FieldError("lastRow",
          "last row (" + lastRowText + ") must be greater than first row (" + firstRowText + ")"));
    } else {
      // +1 because the last row is inclusive
      BigInteger range = lastRowInt.subtract(firstRowInt).add(BigInteger.ONE);
      if (numRegions >= 2 && range.compareTo(BigInteger.valueOf(numRegions)) < 0) {
        errors.add(new FieldError("numRegions", numRegions + " regions do not fit: the rows " + firstRowText + ".."
            + lastRowText + " hold only " + range + " distinct keys"));
      }
    }
    return errors;
  }

  @Override
  public byte[][] split(int numRegions) {
    requireSplittable(numRegions);
    BigInteger range = lastRowInt.subtract(firstRowInt).add(BigInteger.ONE);
    BigInteger sizeOfEachSplit = range.divide(BigInteger.valueOf(numRegions));
    byte[][] splits = new byte[numRegions - 1][];
    for (int i = 1; i < numRegions; i++) {
      // as in RegionSplitter, the last region gets all the slop of the integer division
      splits[i - 1] = convertToByte(firstRowInt.add(sizeOfEachSplit.multiply(BigInteger.valueOf(i))));
    }
    return splits;
  }

  private byte[] convertToByte(BigInteger value) {
    String digits = value.toString(radix);
    StringBuilder padded = new StringBuilder(Math.max(rowComparisonLength, digits.length()));
    for (int i = digits.length(); i < rowComparisonLength; i++) {
      padded.append('0');
    }
    return padded.append(digits).toString().getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public String toString() {
    return type.hbaseName() + " [" + RowKeys.toStringBinary(firstRow()) + "," + RowKeys.toStringBinary(lastRow()) + "]";
  }
}

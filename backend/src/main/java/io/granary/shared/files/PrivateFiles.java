package io.granary.shared.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/** Secrets the control plane keeps on disk (tokens, keystores, their passwords). */
public final class PrivateFiles {
  private PrivateFiles() {}

  /** Written 0600 from the start and moved into place: never readable by others, not even briefly. */
  public static void write(Path target, byte[] content) throws IOException {
    Files.createDirectories(target.toAbsolutePath().getParent());
    Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
    Files.deleteIfExists(tmp);
    Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    Files.write(tmp, content);
    Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  public static void write(Path target, String content) throws IOException {
    write(target, content.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }
}
